import { getEnv } from '../../src/lib/config/env.ts';
import { igdbSyncJobStep, type IgdbJobOutcome } from '../../src/lib/igdb/job.server.ts';
import type { Job } from './job.ts';

/**
 * Carries the IGDB sync forward (the full one until it has finished once, then an incremental
 * one an hour after the last) for up to IGDB_JOB_BUDGET_MS a run; does nothing unless
 * TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET are set (src/lib/igdb/job.server.ts). It waits on
 * IGDB, so it keeps its own short transactions: the runner holds it with a lease (ten
 * minutes: a run's budget plus a last step's retries, with room to spare) instead. The pages
 * of the games it changed are purged after each run.
 */
export const igdbSyncJob: Job<IgdbJobOutcome> = {
  name: 'igdb-sync',
  everySeconds: 300,
  ownTransactions: { leaseSeconds: 600 },
  run: ({ db, purge }) => igdbSyncJobStep(db, getEnv(), undefined, { purge }),
};
