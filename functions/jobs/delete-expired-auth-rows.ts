import { ON_VERCEL } from '../../src/lib/config/platform.server.ts';
import { deleteExpiredRateLimits } from '../auth/rate-limit.ts';
import type { Job } from './job.ts';

/**
 * Rate-limit counters past their window and PKCE flow states whose code or link has
 * expired can no longer matter: deleting them keeps both tables small. Nothing is cached
 * from them, so nothing is purged. Flow states are the local auth service's, which the
 * Vercel build does not carry: there only the rate limits are the site's.
 */
export const deleteExpiredAuthRowsJob: Job<{ rateLimits: number; flowStates: number }> = {
  name: 'delete-expired-auth-rows',
  everySeconds: 3600,
  run: async ({ db, now }) =>
    ON_VERCEL
      ? { rateLimits: await deleteExpiredRateLimits(db, now), flowStates: 0 }
      : (await import('../auth/index.ts')).deleteExpiredAuthRows(db, now),
};
