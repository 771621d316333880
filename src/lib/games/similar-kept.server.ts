import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// Each game's similar games are kept in public.similar_game_rankings and ranked again in
// turn, every game one after the other by id, a round at most once a round period: a catalogue
// change shows in the rankings it alters once the next round has passed them. Pages read them
// through public.kept_similar_games, which ranks on the spot a game that has none yet.

/** How many games one statement ranks: a few milliseconds each. */
const BATCH = 50;

/** Ranks up to `max` games after game `after` (by id); `last` is null once none comes after it. */
export async function rankSimilarGamesAfter(
  db: Kysely<Database>,
  after: number,
  max: number = BATCH,
): Promise<{ ranked: number; last: number | null }> {
  const { rows } = await sql<{ ranked: number; last_game: number | null }>`
    select ranked, last_game from public.rank_similar_games_after(${after}, ${max})`.execute(db);
  return { ranked: rows[0]?.ranked ?? 0, last: rows[0]?.last_game ?? null };
}

/** The game the round has reached: the last one of the newest batch, 0 before the first. */
export async function similarGamesRoundAt(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('similar_game_rankings')
    .select('game_id')
    .orderBy('kept_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.game_id ?? 0;
}

/** How long a round of the catalogue waits for the next: each game is ranked again at most this often. */
export const SIMILAR_GAMES_ROUND_MS = 24 * 60 * 60 * 1000;

/** Whether a ranking is a round period old, so that a new round is due. */
async function roundDue(db: Kysely<Database>, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('similar_game_rankings')
    .select('game_id')
    .where('kept_at', '<=', new Date(now.getTime() - SIMILAR_GAMES_ROUND_MS))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ranks batch after batch from where the round is until `budgetMs` has passed (a batch in
 * progress finishes). A game added after the round's last one is ranked at the next run; at
 * the end of the catalogue a new round starts from the first game once a ranking is a round
 * period old, and stops where this run began. The embedded database serves one statement at
 * a time, so a job must not hold it for long; the next run goes on from there.
 */
export async function rankSimilarGamesWithin(
  db: Kysely<Database>,
  budgetMs: number,
  { now = new Date(), clock = () => performance.now() }: { now?: Date; clock?: () => number } = {},
): Promise<{ ranked: number; at: number }> {
  const started = clock();
  const from = await similarGamesRoundAt(db);
  let after = from;
  let ranked = 0;
  let restarted = false;
  for (;;) {
    const batch = await rankSimilarGamesAfter(db, after);
    ranked += batch.ranked;
    if (batch.last === null) {
      if (restarted || after === 0 || !(await roundDue(db, now))) break;
      // The new round's first batch runs whatever the time is, so the round's position moves there.
      restarted = true;
      after = 0;
      continue;
    }
    after = batch.last;
    // Back where this run began: every game has been ranked once.
    if ((restarted && after >= from) || clock() - started >= budgetMs) break;
  }
  return { ranked, at: after };
}

/** Ranks every game once (a new data set before it is measured, as a site looks after a round). */
export async function rankAllSimilarGames(db: Kysely<Database>, batch = 1000): Promise<number> {
  let ranked = 0;
  for (let after = 0; ;) {
    const next = await rankSimilarGamesAfter(db, after, batch);
    if (next.last === null) return ranked;
    ranked += next.ranked;
    after = next.last;
  }
}
