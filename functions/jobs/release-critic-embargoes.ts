import { reviewWriteTargets } from '../../src/lib/http/purge.server.ts';
import { releaseDueReviews } from '../../src/lib/reviews/embargo.server.ts';
import type { Job } from './job.ts';

/**
 * Reviews written with a future published_at are invisible until then (every public query
 * filters on it) and left out of their game's aggregate. Once the time has come, this job
 * counts them and purges the cached pages that show them: their games, outlets and
 * authors, and every list of reviews, scores and outlets.
 */
export const releaseCriticEmbargoes: Job<{ released: number }> = {
  name: 'release-critic-embargoes',
  everySeconds: 60,
  async run({ db, purge }) {
    const released = await releaseDueReviews(db);
    if (released.length > 0) {
      await purge({
        tags: released.flatMap(
          (review) =>
            reviewWriteTargets({
              gameSlugs: [review.gameSlug],
              outletSlug: review.outletSlug,
              authorIds: [review.authorId],
            }).tags ?? [],
        ),
      });
    }
    return { released: released.length };
  },
};
