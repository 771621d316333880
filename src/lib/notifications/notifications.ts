import { TIER_FEATURES, type Tier } from '../auth/tiers.ts';

/** What a user can be told about, with the label of its on/off preference. */
export const NOTIFICATION_KINDS = [
  'outlet_review',
  'wishlist_release',
  'list_liked',
  'review_helpful',
  'level_up',
  'new_follower',
  'content_hidden',
  'coverage_requested',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  outlet_review: 'An outlet you follow published a review',
  wishlist_release: 'A game on your wishlist was released',
  list_liked: 'Someone liked one of your lists',
  review_helpful: 'Someone found one of your reviews helpful',
  level_up: 'You reached a new level',
  new_follower: 'A player followed you',
  content_hidden: 'A moderator hid one of your reviews or lists',
  coverage_requested: 'The site asked your outlet to review a game',
};

/** How many hours a tier keeps notifications (the tier table's notifications number). */
export function retentionHours(tier: Tier): number {
  return TIER_FEATURES[tier].notifications as number;
}

export type NotificationData = Record<string, string | number | boolean | null>;

export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  data: NotificationData;
  createdAt: string;
  read: boolean;
  /** The line shown to the user and where it leads. */
  text: string;
  href: string | null;
}

const str = (value: unknown, fallback = '') => (typeof value === 'string' && value ? value : fallback);

/** The sentence and link for a notification; the same on the page, in the badge's toast and live. */
export function describeNotification(
  kind: NotificationKind,
  data: NotificationData,
): { text: string; href: string | null } {
  switch (kind) {
    case 'outlet_review': {
      const score = typeof data.score === 'number' ? ` (${data.score})` : '';
      return {
        text: `${str(data.outlet, 'An outlet')} reviewed ${str(data.game, 'a game')}${score}`,
        href: data.gameSlug ? `/games/${data.gameSlug}/reviews` : null,
      };
    }
    case 'wishlist_release':
      return {
        text: `${str(data.game, 'A game on your wishlist')} is out today`,
        href: data.gameSlug ? `/games/${data.gameSlug}` : null,
      };
    case 'list_liked':
      return { text: `${str(data.actor, 'Someone')} liked your list ${str(data.title, '')}`.trim(), href: null };
    case 'review_helpful':
      return { text: `${str(data.actor, 'Someone')} found your review helpful`, href: null };
    case 'level_up':
      return { text: `You reached level ${data.level}: ${str(data.name)}`, href: '/dashboard/earn-xp' };
    case 'new_follower':
      return { text: `${str(data.actor, 'A player')} followed you`, href: data.actor ? `/${data.actor}` : null };
    case 'content_hidden': {
      const what =
        data.subjectType === 'list'
          ? `your list ${str(data.title)}`.trim()
          : `your review of ${str(data.title, 'a game')}`;
      return {
        text: `A moderator hid ${what}: ${str(data.reason, 'no reason given')}`,
        href: data.subjectType === 'list' ? '/dashboard/lists' : '/dashboard/my-reviews',
      };
    }
    case 'coverage_requested':
      return {
        text: `Please consider reviewing ${str(data.game, 'a game')} for ${str(data.outlet, 'your outlet')}`,
        href: data.gameSlug ? `/games/${data.gameSlug}` : null,
      };
  }
}

/** The private channel a user's notifications are broadcast on. */
export const notificationTopic = (userId: string) => `user:${userId}`;
export const NOTIFICATION_EVENT = 'notification';
