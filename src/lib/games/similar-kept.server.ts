import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// Each dated game's similar games are kept in public.similar_game_rankings; a catalogue
// change deletes the rankings it may alter and queues those games (the similar_games_on_*
// triggers), and these rank the queue again. Pages read the
// kept ranking through public.kept_similar_games, which ranks on the spot while a game waits.

/** How many games one statement ranks: a few milliseconds each on 100 000 games. */
const BATCH = 50;

/** Ranks up to `max` queued games, oldest first, and keeps their rankings; returns how many it took. */
export async function refillSimilarGames(db: Kysely<Database>, max: number = BATCH): Promise<number> {
  const { rows } = await sql<{ taken: number }>`select public.refill_similar_games(${max}) as taken`.execute(db);
  return rows[0]?.taken ?? 0;
}

/**
 * Refills batch after batch until the queue is empty or `budgetMs` has passed (a batch in
 * progress finishes). The embedded database serves one statement at a time, so a job must
 * not hold it for long; what is left waits for the next run.
 */
export async function refillSimilarGamesWithin(
  db: Kysely<Database>,
  budgetMs: number,
  clock: () => number = () => performance.now(),
): Promise<{ ranked: number; waiting: number }> {
  const started = clock();
  let ranked = 0;
  for (;;) {
    const taken = await refillSimilarGames(db);
    ranked += taken;
    if (taken < BATCH || clock() - started >= budgetMs) break;
  }
  return { ranked, waiting: await waitingSimilarGames(db) };
}

/** Games whose ranking is queued. */
export async function waitingSimilarGames(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('similar_game_refills')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
