import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The IGDB sync runs (igdb_sync_runs): at most one under way (a unique index); a failed one
 * is taken up again by the next start. A full run reads every IGDB game in id order; an
 * incremental one reads the games IGDB changed since its watermark, then checks a share of
 * the catalogue's IGDB ids for records IGDB no longer has (removals.server.ts).
 */

export type Db = Kysely<Database> | Transaction<Database>;

export const RUN_COLUMNS = [
  'id',
  'kind',
  'cursor',
  'status',
  'phase',
  'since',
  'check_cursor',
  'checked',
  'pages',
  'created',
  'updated',
  'skipped',
  'queued',
  'removed',
] as const;

export interface SyncRun {
  id: number;
  kind: 'full' | 'incremental';
  /** The last IGDB game id read (changes phase). */
  cursor: number;
  status: 'running' | 'finished' | 'failed';
  phase: 'changes' | 'removals';
  /** Incremental runs: games IGDB changed after this are read. */
  since: Date | null;
  /** The last catalogue IGDB id checked for removal (text order). */
  check_cursor: string;
  checked: number;
  pages: number;
  created: number;
  updated: number;
  skipped: number;
  queued: number;
  removed: number;
}

/**
 * How far before the last finished run's start an incremental run looks: IGDB's clock and
 * ours differ, and a record IGDB changed while that run read past it must be read again.
 */
export const INCREMENTAL_OVERLAP_SECONDS = 600;

export class SyncNotReadyError extends Error {}

/**
 * The run under way, else the last failed one taken up again, else a new one of `kind`. An
 * incremental run needs a full one to have finished: it reads what changed after the last
 * finished run started (less the overlap) and checks ids on from where the last one stopped.
 */
export async function openRun(db: Db, kind: SyncRun['kind'] = 'full'): Promise<SyncRun> {
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
  if (kind === 'full') {
    return db
      .insertInto('igdb_sync_runs')
      .values({ kind: 'full' })
      .onConflict((oc) => oc.doNothing())
      .returning(RUN_COLUMNS)
      .executeTakeFirstOrThrow();
  }
  const finished = await db
    .selectFrom('igdb_sync_runs')
    .select(['started_at'])
    .where('status', '=', 'finished')
    .where((eb) =>
      eb.exists(eb.selectFrom('igdb_sync_runs').where('kind', '=', 'full').where('status', '=', 'finished')),
    )
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!finished) throw new SyncNotReadyError('An incremental sync needs a full sync to have finished first.');
  const previous = await db
    .selectFrom('igdb_sync_runs')
    .select('check_cursor')
    .where('kind', '=', 'incremental')
    .where('status', '=', 'finished')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return db
    .insertInto('igdb_sync_runs')
    .values({
      kind: 'incremental',
      since: new Date(finished.started_at.getTime() - INCREMENTAL_OVERLAP_SECONDS * 1000),
      check_cursor: previous?.check_cursor ?? '',
    })
    .onConflict((oc) => oc.doNothing())
    .returning(RUN_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/**
 * In the step's transaction: locks the run and says whether it is still where this step
 * read it (another runner may have written the page meanwhile, or closed the run).
 */
export async function stillAt(trx: Transaction<Database>, run: SyncRun): Promise<boolean> {
  const current = await trx
    .selectFrom('igdb_sync_runs')
    .select(['cursor', 'status', 'phase', 'check_cursor'])
    .where('id', '=', run.id)
    .forUpdate()
    .executeTakeFirst();
  return (
    !!current &&
    current.status === 'running' &&
    current.phase === run.phase &&
    current.cursor === run.cursor &&
    current.check_cursor === run.check_cursor
  );
}

export async function currentRun(db: Db, runId: number): Promise<SyncRun> {
  return db.selectFrom('igdb_sync_runs').select(RUN_COLUMNS).where('id', '=', runId).executeTakeFirstOrThrow();
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
