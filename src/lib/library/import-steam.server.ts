import type { Kysely } from 'kysely';
import { LOOKUP_STEPS, runInSteps } from '../db/bounded-steps.server.ts';
import type { Database } from '../db/schema.ts';
import type { ImportRun } from './import-runs.server.ts';
import type { MatchCandidate } from './import-match.ts';

type Db = Kysely<Database>;

/**
 * A Steam library's rows carry Steam's app ids, and the catalogue knows the app ids of the
 * games the IGDB sync brought or matched (game_external_ids, source 'steam'). An app id the
 * catalogue knows is the surest match there is, whatever Steam calls the game; titles are
 * the fallback for the rest.
 */

/** The catalogue game of each known Steam app id: runs of many ids per statement, over the primary key. */
export async function gamesBySteamAppId(
  db: Db,
  appIds: readonly string[],
  run: ImportRun,
): Promise<Map<string, MatchCandidate>> {
  const found = new Map<string, MatchCandidate>();
  await runInSteps(
    appIds,
    async (chunk) => {
      await run.beat();
      const rows = await db
        .selectFrom('game_external_ids')
        .innerJoin('games', 'games.id', 'game_external_ids.game_id')
        .select(['game_external_ids.external_id as appId', 'games.id', 'games.title', 'games.slug'])
        .where('game_external_ids.source', '=', 'steam')
        .where('game_external_ids.external_id', 'in', chunk)
        .execute();
      for (const row of rows) found.set(row.appId, { id: row.id, title: row.title, slug: row.slug });
    },
    LOOKUP_STEPS,
  );
  return found;
}

/**
 * Of these games, the ones the catalogue knows Steam app ids for. A Steam row whose app id
 * is not among a game's is a different Steam product (another edition, a remake, a game
 * that shares the name), so such a game is not offered for it by title.
 */
export async function gamesOnSteam(db: Db, gameIds: readonly number[], run: ImportRun): Promise<Set<number>> {
  const bound = new Set<number>();
  await runInSteps(
    [...new Set(gameIds)],
    async (chunk) => {
      await run.beat();
      const rows = await db
        .selectFrom('game_external_ids')
        .select('game_id')
        .distinct()
        .where('source', '=', 'steam')
        .where('game_id', 'in', chunk)
        .execute();
      for (const row of rows) bound.add(row.game_id);
    },
    LOOKUP_STEPS,
  );
  return bound;
}
