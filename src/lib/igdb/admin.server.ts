import type { Kysely, Transaction } from 'kysely';
import { audit } from '../admin/admin.server.ts';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { RUNS_SHOWN, type ChangeLogPage, type ChangeLogQuery, type PendingReviews, type RunView } from './admin.ts';
import { changeLog } from './change-log.server.ts';
import { pendingReviews } from './review-queue.server.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Why the administrators' request could not be done: a clear answer, never a 500. */
export class IgdbAdminError extends Error {
  readonly code: 'not_configured' | 'sync_running' | 'not_found' | 'already_resolved' | 'conflict';
  constructor(code: IgdbAdminError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

type IgdbEnv = Pick<Env, 'TWITCH_CLIENT_ID' | 'TWITCH_CLIENT_SECRET'>;

/** Both Twitch credentials are set (the environment refuses one without the other). */
export function igdbConfigured(env: IgdbEnv): boolean {
  return Boolean(env.TWITCH_CLIENT_ID && env.TWITCH_CLIENT_SECRET);
}

/** The latest runs, newest first. */
export async function latestRuns(db: Db, limit = RUNS_SHOWN): Promise<RunView[]> {
  const rows = await db
    .selectFrom('igdb_sync_runs')
    .select([
      'id',
      'kind',
      'status',
      'cursor',
      'pages',
      'created',
      'updated',
      'skipped',
      'queued',
      'error',
      'started_at',
      'heartbeat_at',
      'finished_at',
    ])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    cursor: row.cursor,
    pages: row.pages,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    queued: row.queued,
    error: row.error,
    startedAt: row.started_at,
    heartbeatAt: row.heartbeat_at,
    finishedAt: row.finished_at,
  }));
}

export interface IgdbAdminPage {
  configured: boolean;
  runs: RunView[];
  running: RunView | undefined;
  reviews: PendingReviews;
  changes: ChangeLogPage;
}

/** Everything /admin/igdb shows, in one call. */
export async function igdbAdminPage(db: Kysely<Database>, env: IgdbEnv, query: ChangeLogQuery): Promise<IgdbAdminPage> {
  const [runs, reviews, changes] = await Promise.all([latestRuns(db), pendingReviews(db), changeLog(db, query)]);
  return {
    configured: igdbConfigured(env),
    runs,
    running: runs.find((run) => run.status === 'running'),
    reviews,
    changes,
  };
}

export interface StartedSync {
  run: { id: number; cursor: number; status: 'running' };
  resumed: boolean;
  message: string;
}

/**
 * Opens a full sync for the scheduled igdb-sync job to carry forward, page by page (nothing
 * of the sync itself runs in the request): the last run taken up again from its cursor when
 * it failed, else a new run from the first IGDB id. A run under way is refused, not doubled
 * (the table allows at most one running; a start racing another meets its unique index).
 */
export async function requestFullSync(db: Kysely<Database>, adminId: string): Promise<StartedSync> {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('igdb_sync_runs')
      .select(['id', 'status', 'cursor'])
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    const running = await trx
      .selectFrom('igdb_sync_runs')
      .select(['id', 'cursor'])
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (running) throw alreadyRunning(running.id, running.cursor);
    let started: { id: number; cursor: number } | undefined;
    const resumed = last?.status === 'failed';
    if (last && resumed) {
      started = await trx
        .updateTable('igdb_sync_runs')
        .set({ status: 'running', error: null, heartbeat_at: new Date() })
        .where('id', '=', last.id)
        .where('status', '=', 'failed')
        .returning(['id', 'cursor'])
        .executeTakeFirst();
    } else {
      started = await trx
        .insertInto('igdb_sync_runs')
        .values({ kind: 'full' })
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'cursor'])
        .executeTakeFirst();
    }
    if (!started) throw new IgdbAdminError('sync_running', 'A sync started meanwhile: it is under way.');
    await audit(trx, {
      adminId,
      action: resumed ? 'igdb.sync.resume' : 'igdb.sync.start',
      subjectType: 'igdb_sync_run',
      subjectId: started.id,
      after: { cursor: started.cursor },
    });
    return {
      run: { id: started.id, cursor: started.cursor, status: 'running' as const },
      resumed,
      message: resumed
        ? `Run #${started.id} resumes after IGDB id ${started.cursor}: the scheduled job carries it forward.`
        : `Run #${started.id} started: the scheduled job carries it forward, a page at a time.`,
    };
  });
}

function alreadyRunning(id: number, cursor: number): IgdbAdminError {
  return new IgdbAdminError(
    'sync_running',
    `A sync is already under way (run #${id}, after IGDB id ${cursor}): wait for it to finish.`,
  );
}
