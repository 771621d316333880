import type { Env } from '../../src/lib/config/env.ts';
import { getDb } from '../../src/lib/db/db.server.ts';
import { EMBEDDED_ANALYZE_EVERY_MS, maintainEmbeddedDatabase } from '../../src/lib/db/embedded-statistics.server.ts';
import { purge } from '../../src/lib/http/purge.server.ts';
import { JOBS } from './index.ts';
import { startJobRunner } from './runner.ts';

/**
 * What a node server does beside answering requests: the scheduled jobs every minute and the
 * embedded database's statistics every ten minutes. Started by `npm start` (scripts/start.ts,
 * which also starts the purge listener of server/) and `npm run dev` (astro.config.ts); stop
 * it before the database closes. Only one of several servers on one port runs the jobs
 * (`scheduledJobs: false` on the others).
 */
export function startBackgroundWork(
  env: Env,
  { scheduledJobs = true }: { scheduledJobs?: boolean } = {},
): { stop(): Promise<void> } {
  const runner = scheduledJobs
    ? startJobRunner({ jobs: JOBS, deps: async () => ({ db: await getDb(), purge }) })
    : undefined;
  // The embedded database has no autovacuum: its statistics and GIN indexes are kept here (PostgreSQL keeps its own).
  const statistics =
    scheduledJobs && env.mode === 'embedded'
      ? setInterval(() => {
          getDb()
            .then(maintainEmbeddedDatabase)
            .catch((error: unknown) => console.error(`[db] maintenance failed: ${(error as Error).message}`));
        }, EMBEDDED_ANALYZE_EVERY_MS).unref()
      : undefined;
  return {
    async stop() {
      clearInterval(statistics);
      await runner?.stop();
    },
  };
}
