import { deleteExpiredAuthRows } from '../auth/index.ts';
import type { Job } from './job.ts';

/**
 * Rate-limit counters past their window and PKCE flow states whose code or link has
 * expired can no longer matter: deleting them keeps both tables small. Nothing is cached
 * from them, so nothing is purged.
 */
export const deleteExpiredAuthRowsJob: Job<{ rateLimits: number; flowStates: number }> = {
  name: 'delete-expired-auth-rows',
  everySeconds: 3600,
  run: ({ db, now }) => deleteExpiredAuthRows(db, now),
};
