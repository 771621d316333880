import { ageListLikes } from '../../src/lib/lists/recent-likes.server.ts';
import type { Job } from './job.ts';

/**
 * /lists?sort=popular orders lists by their likes of the last 30 days, a count kept with
 * each like. A like's 30 days run out without any write, so this job takes it out of the
 * count: a like counts at most one period past its 30 days. /lists is not cached, so there
 * is nothing to purge.
 */
export const ageListLikesJob: Job<{ aged: number }> = {
  name: 'age-list-likes',
  everySeconds: 600,
  run: async ({ db }) => ({ aged: await ageListLikes(db, 5000) }),
};
