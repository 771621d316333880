import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Purge, PurgeTarget } from '../../src/lib/http/purge.server.ts';
import type { Job } from './job.ts';

/**
 * Runs jobs so that two runners never do the same work twice: each run is one transaction
 * holding a Postgres advisory lock keyed on the job's name (pg_try_advisory_xact_lock:
 * transaction-scoped, so it also works through a transaction pooler, and it is released
 * by the commit or rollback whatever happens). Whoever does not get the lock skips; whoever
 * gets it checks app_meta.job_runs and skips too when the job ran less than a period ago.
 * A job that must not hold a transaction open (it waits on another service) keeps its own
 * short transactions instead and holds a lease in app_meta.job_runs (runLeased).
 */

export type JobOutcome =
  { status: 'ran'; result: unknown } | { status: 'busy' } | { status: 'not-due' } | { status: 'failed'; error: string };

export interface RunnerDeps {
  db: Kysely<Database>;
  purge: Purge;
  now?: () => Date;
}

/** Ticks are not exact: a job counts as due this much before a full period has passed. */
const DUE_SLACK_SECONDS = 5;

/** A stable 64-bit advisory lock key per job name. */
export function jobLockKey(name: string): string {
  return createHash('sha256').update(`critical-hit:job:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * In the claiming transaction (holding the job's advisory lock): why the job is not to run now
 * (another runner has it, it is not due, or its lease is held), else undefined with the start
 * recorded.
 */
async function claim(trx: Kysely<Database>, job: Job, force: boolean): Promise<JobOutcome | undefined> {
  const lock = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(${jobLockKey(job.name)}::bigint) as locked`.execute(trx);
  if (!lock.rows[0]?.locked) return { status: 'busy' };
  const state = await sql<{ due: boolean; leased: boolean }>`
    select coalesce(bool_and(last_started_at is null
        or last_started_at <= now() - make_interval(secs => ${Math.max(0, job.everySeconds - DUE_SLACK_SECONDS)})), true) as due,
      coalesce(bool_or(claimed_until > now()), false) as leased
    from app_meta.job_runs where name = ${job.name}
  `.execute(trx);
  if (state.rows[0]?.leased) return { status: 'busy' };
  if (!force && !state.rows[0]?.due) return { status: 'not-due' };
  await sql`
    insert into app_meta.job_runs (name, last_started_at) values (${job.name}, now())
    on conflict (name) do update set last_started_at = excluded.last_started_at
  `.execute(trx);
  return undefined;
}

/**
 * A job that keeps its own transactions: claimed in one short transaction (the advisory lock,
 * then a lease until `claimed_until`, so a runner on another server finds it busy), run with
 * the database itself, and released when it ends. A runner that dies mid-run holds the job
 * until the lease runs out.
 */
async function runLeased(
  job: Job & { ownTransactions: { leaseSeconds: number } },
  db: Kysely<Database>,
  force: boolean,
  run: (db: Kysely<Database>) => Promise<unknown>,
): Promise<JobOutcome> {
  const claimed = await db.transaction().execute(async (trx): Promise<JobOutcome | Date> => {
    const refused = await claim(trx, job, force);
    if (refused) return refused;
    const lease = await sql<{ until: Date }>`
      update app_meta.job_runs
      set claimed_until = date_trunc('milliseconds', now() + make_interval(secs => ${job.ownTransactions.leaseSeconds}))
      where name = ${job.name} returning claimed_until as until
    `.execute(trx);
    const until = lease.rows[0]?.until;
    if (!until) throw new Error(`the job ${job.name} could not be claimed`);
    return until;
  });
  if (!(claimed instanceof Date)) return claimed;
  const release = (finished: boolean) => sql`
    update app_meta.job_runs
    set claimed_until = null${finished ? sql`, last_finished_at = clock_timestamp(), last_error = null` : sql``}
    where name = ${job.name} and claimed_until = ${claimed}
  `;
  let result: unknown;
  try {
    result = await run(db);
  } catch (error) {
    await release(false)
      .execute(db)
      .catch(() => undefined);
    throw error;
  }
  await release(true).execute(db);
  return { status: 'ran', result };
}

/**
 * Runs `job` once if it is due (always, with `force`: Vercel Cron's schedule is the
 * timetable there), unless another runner holds it. Never throws: a failure is recorded
 * in app_meta.job_runs and returned.
 */
export async function runJob(job: Job, deps: RunnerDeps, options: { force?: boolean } = {}): Promise<JobOutcome> {
  const now = deps.now?.() ?? new Date();
  const purges: PurgeTarget[] = [];
  const context = (db: Kysely<Database>) => ({
    db,
    now,
    purge: (target: PurgeTarget) => {
      purges.push(target);
      return Promise.resolve();
    },
  });
  const force = options.force ?? false;
  let outcome: JobOutcome;
  try {
    const { ownTransactions } = job;
    outcome = ownTransactions
      ? await runLeased({ ...job, ownTransactions }, deps.db, force, (db) => job.run(context(db)))
      : await deps.db.transaction().execute(async (trx): Promise<JobOutcome> => {
          const refused = await claim(trx, job, force);
          if (refused) return refused;
          const result = await job.run(context(trx));
          await sql`
            update app_meta.job_runs set last_finished_at = clock_timestamp(), last_error = null where name = ${job.name}
          `.execute(trx);
          return { status: 'ran', result };
        });
  } catch (error) {
    const message = (error as Error).message || String(error);
    await sql`
      insert into app_meta.job_runs (name, last_failed_at, last_error) values (${job.name}, now(), ${message.slice(0, 1000)})
      on conflict (name) do update set last_failed_at = excluded.last_failed_at, last_error = excluded.last_error
    `
      .execute(deps.db)
      .catch(() => undefined);
    return { status: 'failed', error: message };
  }
  // After the commit: a purge before it would let another server re-render the old data.
  for (const target of purges) {
    await deps
      .purge(target)
      .catch((error: unknown) => console.error(`[jobs] ${job.name}: purge failed: ${(error as Error).message}`));
  }
  return outcome;
}

export interface JobRunner {
  /** Runs every due job once (the timer calls it every minute). */
  tick(): Promise<void>;
  /** Stops the timer and waits for a tick in progress. */
  stop(): Promise<void>;
}

/**
 * The node server's in-process scheduler: a tick at start and then every `intervalMs`,
 * each running the due jobs one after another. A failing job (or an unreachable database)
 * is one log line, never a crash.
 */
export function startJobRunner(options: {
  jobs: readonly Job[];
  deps: () => Promise<RunnerDeps>;
  intervalMs?: number;
  log?: (line: string) => void;
}): JobRunner {
  const log = options.log ?? ((line: string) => console.error(line));
  let running: Promise<void> | undefined;

  const tick = (): Promise<void> => {
    running ??= (async () => {
      let deps: RunnerDeps;
      try {
        deps = await options.deps();
      } catch (error) {
        log(`[jobs] skipped: ${(error as Error).message}`);
        return;
      }
      for (const job of options.jobs) {
        const outcome = await runJob(job, deps);
        if (outcome.status === 'failed') log(`[jobs] ${job.name} failed: ${outcome.error}`);
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => void tick(), options.intervalMs ?? 60_000);
  timer.unref();
  void tick();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
