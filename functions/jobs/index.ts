import type { Job } from './job.ts';
import { ageListLikesJob } from './age-list-likes.ts';
import { deleteExpiredAuthRowsJob } from './delete-expired-auth-rows.ts';
import { detectReviewBombsJob } from './detect-review-bombs.ts';
import { igdbCoversJob } from './igdb-covers.ts';
import { igdbSyncJob } from './igdb-sync.ts';
import { keepSimilarGames } from './keep-similar-games.ts';
import { deleteExpiredNotificationsJob, notifyWishlistReleasesJob } from './notifications.ts';
import { releaseCriticEmbargoes } from './release-critic-embargoes.ts';
import { deleteExpiredSiteRecords } from './site-retention.ts';

/**
 * Every scheduled job. The node server runs them in-process (scripts/start.ts); on Vercel,
 * Vercel Cron calls /api/cron/{name} as listed in vercel.json (a test keeps the two lists
 * equal). A feature adds its job here and a cron entry there.
 */
export const JOBS: readonly Job[] = [
  releaseCriticEmbargoes,
  deleteExpiredAuthRowsJob,
  detectReviewBombsJob,
  deleteExpiredNotificationsJob,
  notifyWishlistReleasesJob,
  deleteExpiredSiteRecords,
  keepSimilarGames,
  ageListLikesJob,
  igdbSyncJob,
  igdbCoversJob,
];
