import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';

/**
 * A scheduled job: a named, idempotent unit of work the runner (runner.ts) starts every
 * `everySeconds` at most, on whichever server or cron call gets there first. Running it
 * twice in a row must do no harm: the second run finds nothing left to do.
 */
export interface Job<Result = unknown> {
  /** Stable name: the lock key, the row in app_meta.job_runs and the cron path /api/cron/{name}. */
  name: string;
  /** How often it should run. The node server ticks every minute, so at least 60. */
  everySeconds: number;
  /**
   * The job opens its own short transactions (for work that waits on another service, which
   * must not keep a transaction open): the runner then claims it for `leaseSeconds` in
   * app_meta.job_runs instead of running it in one transaction, and `db` is the pool.
   */
  ownTransactions?: { leaseSeconds: number };
  run(context: JobContext): Promise<Result>;
}

export interface JobContext {
  /**
   * The transaction the run happens in, holding the job's advisory lock: a run commits
   * whole or not at all. Keep a run bounded (work in batches); the next period does the rest.
   * For a job with `ownTransactions`, the database itself (the job holds a lease instead).
   */
  db: Kysely<Database>;
  /** When the run started. */
  now: Date;
  /** Purges cached pages; applied once the run has committed (here and on every server). */
  purge: Purge;
}
