import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { pageQuery } from './apicalypse.ts';
import type { IgdbClient } from './client.server.ts';
import { mapPage } from './mapping.ts';
import { removalStep } from './removals.server.ts';
import {
  currentRun,
  failRun,
  inTransaction,
  openRun,
  RUN_COLUMNS,
  stillAt,
  type Db,
  type SyncRun,
} from './runs.server.ts';
import { GAME_FIELDS, igdbGameSchema } from './schema.ts';
import { writePage } from './sync-write.server.ts';

/**
 * The sync of IGDB's games, in steps: each step asks IGDB for the next page of games after
 * the run's cursor (no transaction open meanwhile), then writes the page in one short
 * transaction that also moves the cursor, so other requests get the database between steps
 * and a run stopped anywhere resumes after its last written page. A full run reads every
 * game; an incremental one the games IGDB changed since its watermark (skipping those
 * unchanged since they were last written), then checks catalogue ids for removed records.
 */

export { failRun, mapPage, openRun, type SyncRun };

/**
 * The page's lookups are planned from the tables' statistics; a run that grows the catalogue
 * from a few games to thousands leaves them describing the small table, and the title lookup
 * is then planned as a scan of every game. The embedded database has no autovacuum to renew
 * them, and PostgreSQL's comes late in a bulk load: the sync renews them itself, every so many
 * pages (ANALYZE reads a bounded sample, whatever the table's size).
 */
const ANALYZE_EVERY_PAGES = 20;

/**
 * One step: the next page after `run.cursor` (or, in an incremental run's removals phase, the
 * next batch of catalogue ids to check), written with the cursor moved past it. Returns the
 * run as it stands after the step; `done` when the run has finished.
 */
export async function syncStep(
  db: Db,
  igdb: IgdbClient,
  run: SyncRun,
  pageSize = 500,
): Promise<{ run: SyncRun; done: boolean }> {
  if (run.phase === 'removals') return removalStep(db, igdb, run, pageSize);
  const where = run.since ? `updated_at > ${Math.floor(run.since.getTime() / 1000)}` : undefined;
  const records = await igdb.query(
    'games',
    pageQuery({ fields: GAME_FIELDS, afterId: run.cursor, where, limit: pageSize }),
  );
  const ids = records.map((record) => igdbGameSchema.shape.id.safeParse((record as { id?: unknown } | null)?.id));
  const lastId = Math.max(run.cursor, ...ids.map((id) => (id.success ? id.data : 0)));
  const { games, skipped } = mapPage(records);
  const end = records.length < pageSize;
  const finishes = end && run.kind === 'full';
  const next = await inTransaction(db, async (trx) => {
    // Another runner wrote this page meanwhile (or the run was closed): leave it to that one.
    if (!(await stillAt(trx, run))) return undefined;
    const outcome = await writePage(trx, run.id, games, { skipUnchanged: run.kind === 'incremental' });
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
        ...(finishes ? { status: 'finished' as const, finished_at: new Date() } : {}),
        ...(end && !finishes ? { phase: 'removals' as const } : {}),
      }))
      .where('id', '=', run.id)
      .returning(RUN_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  if (!next) {
    const now = await currentRun(db, run.id);
    return { run: now, done: now.status !== 'running' };
  }
  if (next.pages % ANALYZE_EVERY_PAGES === 0) await sql`analyze games, game_external_ids, companies`.execute(db);
  return { run: next, done: finishes };
}

export interface FullSyncOptions {
  pageSize?: number;
  /** Stop after this many pages (the run stays open and resumes next time). */
  maxPages?: number;
  /** Told after each page. */
  onPage?: (run: SyncRun) => void;
  /** The kind of run to open when none is under way or failed (full unless told). */
  kind?: SyncRun['kind'];
}

/** Runs (or resumes) a sync step by step until it has finished or maxPages is reached. */
export async function runFullSync(
  db: Kysely<Database>,
  igdb: IgdbClient,
  options: FullSyncOptions = {},
): Promise<SyncRun> {
  let run = await openRun(db, options.kind);
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
