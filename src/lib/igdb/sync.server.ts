import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { pageQuery } from './apicalypse.ts';
import type { IgdbClient } from './client.server.ts';
import { mapGame, type MappedGame } from './mapping.ts';
import { GAME_FIELDS, igdbGameSchema } from './schema.ts';
import { writePage } from './sync-write.server.ts';

/**
 * The full sync of IGDB's games, in steps: each step asks IGDB for the next page of games
 * after the run's cursor (no transaction open meanwhile), then writes the page in one short
 * transaction that also moves the cursor, so other requests get the database between steps
 * and a run stopped anywhere resumes after its last written page. At most one run is under
 * way (a unique index); a run that failed is taken up again by the next start.
 */

export interface SyncRun {
  id: number;
  cursor: number;
  status: 'running' | 'finished' | 'failed';
  pages: number;
  created: number;
  updated: number;
  skipped: number;
  queued: number;
}

type Db = Kysely<Database> | Transaction<Database>;

const RUN_COLUMNS = ['id', 'cursor', 'status', 'pages', 'created', 'updated', 'skipped', 'queued'] as const;

/** The run under way, else the last failed one taken up again, else a new one. */
export async function openRun(db: Db): Promise<SyncRun> {
  const running = await db
    .selectFrom('igdb_sync_runs')
    .select(RUN_COLUMNS)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (running) return running;
  const last = await db
    .selectFrom('igdb_sync_runs')
    .select(RUN_COLUMNS)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last?.status === 'failed') {
    return db
      .updateTable('igdb_sync_runs')
      .set({ status: 'running', error: null, heartbeat_at: new Date() })
      .where('id', '=', last.id)
      .returning(RUN_COLUMNS)
      .executeTakeFirstOrThrow();
  }
  return db
    .insertInto('igdb_sync_runs')
    .values({ kind: 'full' })
    .onConflict((oc) => oc.doNothing())
    .returning(RUN_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Maps a page as IGDB answered it; records that fail the documented shape or that the catalogue leaves out are skipped. */
export function mapPage(records: readonly unknown[]): { games: MappedGame[]; skipped: number } {
  const games: MappedGame[] = [];
  let skipped = 0;
  for (const record of records) {
    const parsed = igdbGameSchema.safeParse(record);
    const result = parsed.success ? mapGame(parsed.data) : undefined;
    if (result?.kind === 'game') games.push(result.game);
    else skipped += 1;
  }
  return { games, skipped };
}

function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/**
 * One step: the next page after `run.cursor`, written with the cursor moved past it. Returns
 * the run as it stands after the step; `done` when IGDB had no more.
 */
export async function syncStep(
  db: Db,
  igdb: IgdbClient,
  run: SyncRun,
  pageSize = 500,
): Promise<{ run: SyncRun; done: boolean }> {
  const records = await igdb.query('games', pageQuery({ fields: GAME_FIELDS, afterId: run.cursor, limit: pageSize }));
  const ids = records.map((record) => igdbGameSchema.shape.id.safeParse((record as { id?: unknown } | null)?.id));
  const lastId = Math.max(run.cursor, ...ids.map((id) => (id.success ? id.data : 0)));
  const { games, skipped } = mapPage(records);
  const done = records.length < pageSize;
  const next = await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('igdb_sync_runs')
      .select(['cursor', 'status'])
      .where('id', '=', run.id)
      .forUpdate()
      .executeTakeFirst();
    // Another runner wrote this page meanwhile (or the run was closed): leave it to that one.
    if (!current || current.status !== 'running' || current.cursor !== run.cursor) return undefined;
    const outcome = await writePage(trx, run.id, games);
    return trx
      .updateTable('igdb_sync_runs')
      .set((eb) => ({
        cursor: lastId,
        pages: eb('pages', '+', 1),
        created: eb('created', '+', outcome.created),
        updated: eb('updated', '+', outcome.updated),
        skipped: eb('skipped', '+', skipped),
        queued: eb('queued', '+', outcome.queued),
        heartbeat_at: new Date(),
        ...(done ? { status: 'finished' as const, finished_at: new Date() } : {}),
      }))
      .where('id', '=', run.id)
      .returning(RUN_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  if (!next) {
    const now = await db
      .selectFrom('igdb_sync_runs')
      .select(RUN_COLUMNS)
      .where('id', '=', run.id)
      .executeTakeFirstOrThrow();
    return { run: now, done: now.status !== 'running' };
  }
  return { run: next, done };
}

/** Records why a run stopped; the next start takes it up from its cursor. */
export async function failRun(db: Db, runId: number, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  await db
    .updateTable('igdb_sync_runs')
    .set({ status: 'failed', error: message })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .execute();
}

export interface FullSyncOptions {
  pageSize?: number;
  /** Stop after this many pages (the run stays open and resumes next time). */
  maxPages?: number;
  /** Told after each page. */
  onPage?: (run: SyncRun) => void;
}

/** Runs (or resumes) the full sync step by step until IGDB has no more games or maxPages is reached. */
export async function runFullSync(
  db: Kysely<Database>,
  igdb: IgdbClient,
  options: FullSyncOptions = {},
): Promise<SyncRun> {
  let run = await openRun(db);
  for (let page = 0; options.maxPages === undefined || page < options.maxPages; page += 1) {
    try {
      const step = await syncStep(db, igdb, run, options.pageSize);
      run = step.run;
      options.onPage?.(run);
      if (step.done) break;
    } catch (error) {
      await failRun(db, run.id, error);
      throw error;
    }
  }
  return run;
}
