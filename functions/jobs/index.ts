import type { Job } from './job.ts';
import { releaseCriticEmbargoes } from './release-critic-embargoes.ts';

/**
 * Every scheduled job. The node server runs them in-process (scripts/start.ts); on Vercel,
 * Vercel Cron calls /api/cron/{name} as listed in vercel.json (a test keeps the two lists
 * equal). A feature adds its job here and a cron entry there.
 */
export const JOBS: readonly Job[] = [
  releaseCriticEmbargoes,
  // Auth clean-up slot: register `deleteExpiredAuthRows(db, now)` from functions/auth here
  // as { name: 'delete-expired-auth-rows', everySeconds: 3600, run: ({ db, now }) => ... },
  // with its cron entry in vercel.json.
];
