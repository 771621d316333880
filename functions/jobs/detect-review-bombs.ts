import { CACHE_TAGS, gameTag } from '../../src/lib/http/cache-rules.ts';
import { detectReviewBombs } from '../../src/lib/user-reviews/review-bomb.server.ts';
import type { Job } from './job.ts';

/**
 * The review-bomb guard: a day with a burst of user reviews on one game opens a flagged
 * window, whose reviews stop counting toward the user score (in the same transaction),
 * until an administrator clears it. Rechecks yesterday and today each run; idempotent.
 */
export const detectReviewBombsJob: Job<{ opened: number }> = {
  name: 'detect-review-bombs',
  everySeconds: 300,
  async run({ db, now, purge }) {
    const opened = await detectReviewBombs(db, now);
    if (opened.length > 0) {
      const slugs = await db
        .selectFrom('games')
        .select('slug')
        .where(
          'id',
          'in',
          opened.map((o) => o.gameId),
        )
        .execute();
      await purge({ tags: [...slugs.map((g) => gameTag(g.slug)), CACHE_TAGS.scores] });
    }
    return { opened: opened.length };
  },
};
