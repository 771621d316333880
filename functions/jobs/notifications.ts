import {
  deleteExpiredNotifications,
  notifyWishlistReleases,
} from '../../src/lib/notifications/notifications.server.ts';
import type { Job } from './job.ts';

/** Notifications past their owner's tier's hours (24, 72, 168) are deleted; nothing cached shows them. */
export const deleteExpiredNotificationsJob: Job<{ deleted: number }> = {
  name: 'delete-expired-notifications',
  everySeconds: 600,
  run: async ({ db }) => ({ deleted: await deleteExpiredNotifications(db) }),
};

/** On a game's release day (UTC), everyone with it on their wishlist is told, once. */
export const notifyWishlistReleasesJob: Job<{ notified: number }> = {
  name: 'notify-wishlist-releases',
  everySeconds: 600,
  run: async ({ db }) => ({ notified: await notifyWishlistReleases(db) }),
};
