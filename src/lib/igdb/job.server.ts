import { sql, type Kysely } from 'kysely';
import type { Env } from '../config/env.ts';
import { gamePurgeTarget } from '../admin/games.ts';
import type { Database } from '../db/schema.ts';
import type { Purge } from '../http/purge.server.ts';
import { IGDB_MAX_LIMIT } from './apicalypse.ts';
import type { IgdbClient } from './client.server.ts';
import { igdbClientFromEnv } from './config.server.ts';
import { failRun, openRun, syncStep, type SyncRun } from './sync.server.ts';

export type IgdbJobOutcome =
  | { ran: false; reason: 'not configured' | 'up to date' }
  | { ran: true; runId: number; kind: SyncRun['kind']; cursor: number; status: string; steps: number };

/**
 * How long one run of the job goes on taking steps: well inside a Vercel function's time
 * limit once the last step (one IGDB page, one short write) is added, and a small share of
 * the job's five-minute period, so a node server's other jobs are not held up.
 */
export const IGDB_JOB_BUDGET_MS = 20_000;

/**
 * Games a page on the embedded database: its write holds every other request while it runs,
 * so pages are smaller there and the wait for IGDB between them gives the database back.
 * PostgreSQL takes IGDB's 500.
 */
export const EMBEDDED_PAGE_SIZE = 100;

/** After a run has finished, the next incremental run starts once this much time has passed since its start. */
export const INCREMENTAL_EVERY_SECONDS = 3600;

export interface IgdbJobOptions {
  budgetMs?: number;
  pageSize?: number;
  /** Milliseconds, for the budget. */
  clock?: () => number;
  /** Purges the cached pages of the games the run's steps changed (the jobs runner's). */
  purge?: Purge;
}

/** Game pages named one by one in a purge; past that, the catalogue-wide tags cover them all. */
const PURGE_SLUGS_MAX = 500;

/** The newest change-log entry: what the job's steps log comes after it. */
async function lastChangeId(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('igdb_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return String(row?.id ?? '0');
}

/**
 * Purges what the steps changed: every catalogue page (the `games` tag the game pages, lists
 * and search carry) and the changed games' own pages by slug, so a new store id, a cover or a
 * merge shows at once rather than when the cache expires.
 */
async function purgeChanged(db: Kysely<Database>, afterId: string, purge: Purge): Promise<void> {
  const changed = await db
    .selectFrom('igdb_changes as c')
    .innerJoin('games as g', 'g.id', 'c.game_id')
    .select('g.slug')
    .distinct()
    .where('c.id', '>', afterId)
    .where('c.action', 'not in', ['queued', 'dismissed'])
    .limit(PURGE_SLUGS_MAX + 1)
    .execute();
  const removed = await db
    .selectFrom('igdb_changes')
    .select('id')
    .where('id', '>', afterId)
    .where('action', 'in', ['deleted', 'merged', 'unbound', 'rebound'])
    .limit(1)
    .executeTakeFirst();
  if (changed.length === 0 && !removed) return;
  await purge(gamePurgeTarget(changed.length > PURGE_SLUGS_MAX ? [] : changed.map((row) => row.slug)));
}

/**
 * The scheduled job's work, when the Twitch variables are set: steps of the run under way (or
 * of a failed one, taken up again) until the time budget is spent or the run finishes; with
 * none, a full run until one has finished once, then an incremental run an hour after the
 * last run started. Each step asks IGDB with no transaction open and writes in its own short
 * transaction, so this runs on every database, the embedded one included.
 */
export async function igdbSyncJobStep(
  db: Kysely<Database>,
  env: Pick<Env, 'mode' | 'TWITCH_CLIENT_ID' | 'TWITCH_CLIENT_SECRET' | 'IGDB_API_URL' | 'TWITCH_TOKEN_URL'>,
  client: IgdbClient | undefined = igdbClientFromEnv(env),
  options: IgdbJobOptions = {},
): Promise<IgdbJobOutcome> {
  if (!client) return { ran: false, reason: 'not configured' };
  const clock = options.clock ?? Date.now;
  const pageSize = options.pageSize ?? (env.mode === 'embedded' ? EMBEDDED_PAGE_SIZE : IGDB_MAX_LIMIT);
  const started = clock();
  const last = await db
    .selectFrom('igdb_sync_runs')
    .select((eb) => [
      'status',
      sql<boolean>`started_at > now() - make_interval(secs => ${INCREMENTAL_EVERY_SECONDS})`.as('recent'),
      eb
        .exists(eb.selectFrom('igdb_sync_runs').where('kind', '=', 'full').where('status', '=', 'finished'))
        .as('full_done'),
    ])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last?.status === 'finished' && last.full_done && last.recent) return { ran: false, reason: 'up to date' };
  let run = await openRun(db, last?.full_done ? 'incremental' : 'full');
  const changesBefore = options.purge ? await lastChangeId(db) : '0';
  let steps = 0;
  try {
    for (;;) {
      const step = await syncStep(db, client, run, pageSize);
      run = step.run;
      steps += 1;
      if (step.done || clock() - started >= (options.budgetMs ?? IGDB_JOB_BUDGET_MS)) break;
    }
  } catch (error) {
    await failRun(db, run.id, error);
    if (options.purge) await purgeChanged(db, changesBefore, options.purge);
    throw error;
  }
  if (options.purge) await purgeChanged(db, changesBefore, options.purge);
  return { ran: true, runId: run.id, kind: run.kind, cursor: run.cursor, status: run.status, steps };
}
