import { sql, type Transaction } from 'kysely';
import { gameReferences, mergeGamesIn } from '../admin/merge.server.ts';
import type { Database } from '../db/schema.ts';
import { z } from 'zod';
import { idsQuery, IGDB_MAX_LIMIT, uidsQuery } from './apicalypse.ts';
import type { IgdbClient } from './client.server.ts';
import { mapPage, type MappedGame } from './mapping.ts';
import { currentRun, inTransaction, RUN_COLUMNS, stillAt, type Db, type SyncRun } from './runs.server.ts';
import { GAME_FIELDS } from './schema.ts';
import { writePage } from './sync-write.server.ts';
import { EXTERNAL_SOURCES } from './vocabulary.ts';

/**
 * IGDB has no feed of deleted records: an incremental run, once it has read the changes,
 * asks IGDB for the catalogue's IGDB ids in batches (`where id = (…)`), going on each run
 * from where the last one stopped and wrapping round, and handles the ids IGDB no longer has:
 * - IGDB merged the record into another: the survivor then holds the old record's store ids,
 *   so IGDB is asked which games hold the catalogue game's Steam, GOG and Epic ids
 *   (external_games by uid). If the survivor is in the catalogue, the two games are merged as
 *   the admin merge does (the old slug redirects); if not, the game is bound to the survivor
 *   and written from its record.
 * - Otherwise the record was deleted: the game is deleted when nothing but IGDB made it (no
 *   other source, no administrator's edit, nothing of the community's or the site's refers to
 *   it); else it is only unbound (its IGDB id removed).
 * IGDB is asked with no transaction open; each batch is handled in one short transaction, and
 * everything is logged in igdb_changes.
 */

type Trx = Transaction<Database>;

/**
 * More ids than this missing from one batch (and more than a fifth of it) looks like IGDB
 * answering wrongly rather than deleting: the run stops with an error instead of removing.
 */
const SUSPICIOUS_MISSING = 25;

/** Catalogue ids checked per incremental run: the whole catalogue in turn over a day or two of hourly runs. */
export const REMOVAL_CHECKS_PER_RUN = 10_000;

/** Tables that only describe a game (from IGDB or derived): rows there do not keep a game whose record is gone. */
const DESCRIPTIVE_TABLES = new Set([
  'public.game_platforms',
  'public.game_genres',
  'public.game_developers',
  'public.game_publishers',
  'public.game_card_links',
  'public.similar_game_rankings',
  'public.game_external_ids',
  'public.game_alternative_names',
  'public.game_field_sources',
  'public.igdb_match_reviews',
  'public.igdb_changes',
]);

interface Missing {
  igdbId: string;
  gameId: number;
  /** The IGDB game that now holds this game's store ids, and its record when the catalogue lacks it. */
  survivor?: { igdbId: number; game: MappedGame | undefined };
}

const externalGameSchema = z.object({
  uid: z.string().max(300).optional(),
  game: z.union([z.number().int().positive(), z.object({ id: z.number().int().positive() })]).optional(),
  category: z.number().int().optional(),
  external_game_source: z.union([z.number().int(), z.object({ id: z.number().int() })]).optional(),
});

/** Asks IGDB which games now hold the missing games' store ids, and reads the survivors the catalogue lacks. */
async function findSurvivors(db: Db, igdb: IgdbClient, missing: Missing[]): Promise<void> {
  const stores = await db
    .selectFrom('game_external_ids')
    .select(['game_id', 'source', 'external_id'])
    .where(
      'game_id',
      'in',
      missing.map((m) => m.gameId),
    )
    .where('source', '!=', 'igdb')
    .execute();
  if (stores.length === 0) return;
  const uids = [...new Set(stores.map((s) => s.external_id))];
  const answers: unknown[] = [];
  for (let i = 0; i < uids.length; i += IGDB_MAX_LIMIT) {
    answers.push(...(await igdb.query('external_games', uidsQuery(uids.slice(i, i + IGDB_MAX_LIMIT)))));
  }
  const holders = new Map<string, number>();
  for (const record of answers) {
    const parsed = externalGameSchema.safeParse(record);
    if (!parsed.success || !parsed.data.uid || parsed.data.game === undefined) continue;
    const sourceRef = parsed.data.external_game_source;
    const sourceId = (typeof sourceRef === 'object' ? sourceRef.id : sourceRef) ?? parsed.data.category;
    const source = sourceId === undefined ? undefined : (EXTERNAL_SOURCES as Record<number, string>)[sourceId];
    const game = typeof parsed.data.game === 'object' ? parsed.data.game.id : parsed.data.game;
    if (source) holders.set(`${source}:${parsed.data.uid}`, game);
  }
  for (const m of missing) {
    const held = stores
      .filter((s) => s.game_id === m.gameId)
      .map((s) => holders.get(`${s.source}:${s.external_id}`))
      .find((game) => game !== undefined && String(game) !== m.igdbId);
    if (held !== undefined) m.survivor = { igdbId: held, game: undefined };
  }
  const survivorIds = [...new Set(missing.flatMap((m) => (m.survivor ? [m.survivor.igdbId] : [])))];
  if (survivorIds.length === 0) return;
  const inCatalogue = new Set(
    (
      await db
        .selectFrom('game_external_ids')
        .select('external_id')
        .where('source', '=', 'igdb')
        .where('external_id', 'in', survivorIds.map(String))
        .execute()
    ).map((r) => Number(r.external_id)),
  );
  const toRead = survivorIds.filter((id) => !inCatalogue.has(id));
  if (toRead.length === 0) return;
  const { games } = mapPage(await igdb.query('games', idsQuery(GAME_FIELDS, toRead)));
  for (const m of missing) {
    if (m.survivor) m.survivor.game = games.find((g) => g.igdbId === m.survivor?.igdbId);
  }
}

/** The games among `ids` that must be kept: another source, an administrator's edit, or anything else referring to them. */
async function gamesToKeep(trx: Trx, ids: readonly number[]): Promise<Set<number>> {
  const keep = new Set<number>();
  const others = await trx
    .selectFrom('games')
    .select('id')
    .where('id', 'in', ids)
    .where(sql<boolean>`not (sources <@ array['igdb']::text[])`)
    .union(
      trx
        .selectFrom('game_field_sources')
        .select('game_id as id')
        .where('game_id', 'in', ids)
        .where('source', '=', 'admin'),
    )
    .execute();
  for (const row of others) keep.add(row.id);
  for (const ref of await gameReferences(trx)) {
    if (DESCRIPTIVE_TABLES.has(ref.table)) continue;
    const rows = await sql<{ id: number }>`
      select distinct ${sql.ref(ref.column)} as id from ${sql.raw(ref.table)} where ${sql.ref(ref.column)} = any(${ids}::int[])
    `.execute(trx);
    for (const row of rows.rows) keep.add(row.id);
  }
  return keep;
}

/** Handles the catalogue games whose IGDB record is gone; returns how many. */
async function removeMissing(trx: Trx, runId: number, missing: readonly Missing[]): Promise<number> {
  if (missing.length === 0) return 0;
  const keep = await gamesToKeep(
    trx,
    missing.map((m) => m.gameId),
  );
  const log = (gameId: number | null, igdbId: string, action: 'unbound' | 'deleted' | 'merged' | 'rebound') =>
    trx
      .insertInto('igdb_changes')
      .values({ run_id: runId, game_id: gameId, igdb_id: Number(igdbId), action })
      .execute();

  for (const m of missing) {
    await trx
      .deleteFrom('game_external_ids')
      .where('source', '=', 'igdb')
      .where('external_id', '=', m.igdbId)
      .execute();
    const survivor = m.survivor;
    const survivorGame = survivor
      ? await trx
          .selectFrom('game_external_ids')
          .select('game_id')
          .where('source', '=', 'igdb')
          .where('external_id', '=', String(survivor.igdbId))
          .executeTakeFirst()
      : undefined;
    if (survivor && (survivorGame || survivor.game)) {
      // An administrator need no longer decide about the survivor: IGDB has.
      await trx
        .updateTable('igdb_match_reviews')
        .set({ status: 'merged', resolved_at: new Date() })
        .where('igdb_id', '=', survivor.igdbId)
        .where('status', '=', 'pending')
        .execute();
    }
    if (survivorGame && survivorGame.game_id !== m.gameId) {
      await mergeGamesIn(trx, { survivorId: survivorGame.game_id, duplicateId: m.gameId, adminId: null });
      await log(survivorGame.game_id, m.igdbId, 'merged');
    } else if (survivor?.game && !survivorGame) {
      await trx
        .insertInto('game_external_ids')
        .values({ game_id: m.gameId, source: 'igdb', external_id: String(survivor.igdbId) })
        .execute();
      await log(m.gameId, m.igdbId, 'rebound');
      await writePage(trx, runId, [survivor.game]);
    } else if (keep.has(m.gameId)) {
      await log(m.gameId, m.igdbId, 'unbound');
    } else {
      await trx.deleteFrom('games').where('id', '=', m.gameId).execute();
      await log(null, m.igdbId, 'deleted');
    }
  }
  return missing.length;
}

/**
 * One step of an incremental run's removals phase: the next batch of catalogue IGDB ids after
 * the run's check cursor, asked of IGDB, the missing ones handled in one transaction that also
 * moves the cursor. The run finishes after REMOVAL_CHECKS_PER_RUN ids or at the end of the
 * catalogue's ids (the next run starts again from the first).
 */
export async function removalStep(
  db: Db,
  igdb: IgdbClient,
  run: SyncRun,
  batchSize = IGDB_MAX_LIMIT,
): Promise<{ run: SyncRun; done: boolean }> {
  const bound = await db
    .selectFrom('game_external_ids')
    .select(['external_id', 'game_id'])
    .where('source', '=', 'igdb')
    .where('external_id', '>', run.check_cursor)
    .orderBy('external_id')
    .limit(batchSize)
    .execute();
  let missing: Missing[] = [];
  if (bound.length > 0) {
    const found = await igdb.query(
      'games',
      idsQuery(
        ['id'],
        bound.map((b) => Number(b.external_id)),
      ),
    );
    const present = new Set(found.map((record) => String((record as { id?: unknown } | null)?.id)));
    missing = bound
      .filter((b) => !present.has(b.external_id))
      .map((b) => ({ igdbId: b.external_id, gameId: b.game_id }));
    if (missing.length > Math.max(SUSPICIOUS_MISSING, bound.length / 5)) {
      throw new Error(
        `IGDB answered without ${missing.length} of ${bound.length} catalogue games at once; none removed. Check IGDB, then run again.`,
      );
    }
    if (missing.length > 0) await findSurvivors(db, igdb, missing);
  }
  const wrapped = bound.length < batchSize;
  const checked = run.checked + bound.length;
  const done = wrapped || checked >= REMOVAL_CHECKS_PER_RUN;
  const next = await inTransaction(db, async (trx) => {
    if (!(await stillAt(trx, run))) return undefined;
    const removed = await removeMissing(trx, run.id, missing);
    return trx
      .updateTable('igdb_sync_runs')
      .set((eb) => ({
        check_cursor: wrapped ? '' : (bound.at(-1)?.external_id ?? ''),
        checked,
        removed: eb('removed', '+', removed),
        pages: eb('pages', '+', 1),
        heartbeat_at: new Date(),
        ...(done ? { status: 'finished' as const, finished_at: new Date() } : {}),
      }))
      .where('id', '=', run.id)
      .returning(RUN_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  if (!next) {
    const now = await currentRun(db, run.id);
    return { run: now, done: now.status !== 'running' };
  }
  return { run: next, done };
}
