import type { Env } from '../../src/lib/config/env.ts';
import { getDb } from '../../src/lib/db/db.server.ts';
import { EMBEDDED_ANALYZE_EVERY_MS, maintainEmbeddedDatabase } from '../../src/lib/db/embedded-statistics.server.ts';
import { startPurgeListener } from '../../src/lib/http/purge-listener.server.ts';
import { purge } from '../../src/lib/http/purge.server.ts';
import { purgeRouteCache } from '../../src/lib/http/route-cache.server.ts';
import { JOBS } from './index.ts';
import { startJobRunner } from './runner.ts';

/**
 * What a node server does beside answering requests: the scheduled jobs every minute, the
 * embedded database's statistics every ten minutes, and,
 * when several servers may share the PostgreSQL database, the listener that applies their
 * purges to this server's route cache. Started by `npm start` (scripts/start.ts) and
 * `npm run dev` (astro.config.ts); stop it before the database closes.
 *
 * Every server listens for purges, since each has a route cache of its own; only one of
 * several servers on one port runs the jobs (`scheduledJobs: false` on the others).
 */
export function startBackgroundWork(env: Env, { scheduledJobs = true }: { scheduledJobs?: boolean } = {}): { stop(): Promise<void> } {
  const runner = scheduledJobs ? startJobRunner({ jobs: JOBS, deps: async () => ({ db: await getDb(), purge }) }) : undefined;
  // The embedded database has no autovacuum: its statistics and GIN indexes are kept here (PostgreSQL keeps its own).
  const statistics =
    scheduledJobs && env.mode === 'embedded'
      ? setInterval(() => {
          getDb()
            .then(maintainEmbeddedDatabase)
            .catch((error: unknown) => console.error(`[db] maintenance failed: ${(error as Error).message}`));
        }, EMBEDDED_ANALYZE_EVERY_MS).unref()
      : undefined;
  const listenUrl = env.DATABASE_LISTEN_URL ?? env.DATABASE_URL;
  const listener = listenUrl && !env.VERCEL ? startPurgeListener({ connectionString: listenUrl, onPurge: purgeRouteCache }) : undefined;
  return {
    async stop() {
      clearInterval(statistics);
      await Promise.all([runner?.stop(), listener?.stop()]);
    },
  };
}
