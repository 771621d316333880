import { z } from 'zod';
import type { ActivityKind } from '../activity/activity.ts';
import type { Tier } from '../auth/tiers.ts';
import type { Profile } from '../auth/types.ts';
import { PLAY_STATUS_LABELS, type PlayStatus, type StatusCounts } from '../library/play-status.ts';
import type { ReviewItem } from '../reviews/reviews.ts';
import { DAILY_CAP, type LevelProgress } from '../xp/xp.ts';

/**
 * The player's home, /dashboard: what they play, what they added or finished lately, what
 * the players they follow did, new reviews from the outlets they follow, their XP and the
 * wishlisted games about to come out. The shapes and words here; the reads in home.server.ts.
 */

export const HOME_LIMITS = {
  playing: 6,
  recent: 6,
  feed: 12,
  outletReviews: 4,
  wishlist: 5,
} as const;

/** What the friends feed shows of the players one follows: their statuses, reviews, lists and likes. */
export const FRIEND_FEED_KINDS = [
  'game_status_set',
  'review_published',
  'list_created',
  'list_liked',
] as const satisfies readonly ActivityKind[];
export type FriendFeedKind = (typeof FRIEND_FEED_KINDS)[number];

/** The kinds whose subject is a list, shown only while the list is public, not hidden, and its owner's profile public. */
export const LIST_FEED_KINDS = ['list_created', 'list_liked'] as const satisfies readonly FriendFeedKind[];

/**
 * A place in the friends feed: the time (microseconds since 1970, exact as the database
 * keeps it) and id of the last event shown. The next page is what comes before it.
 */
export interface FeedCursor {
  micros: string;
  id: string;
}

const CURSOR_PATTERN = /^(\d{1,17})-(\d{1,19})$/;

export const feedCursorSchema = z
  .string()
  .regex(CURSOR_PATTERN, 'That feed position is not valid: open the dashboard again.')
  .transform((value): FeedCursor => {
    const [, micros = '0', id = '0'] = CURSOR_PATTERN.exec(value) ?? [];
    return { micros, id };
  });

export function encodeCursor(cursor: FeedCursor): string {
  return `${cursor.micros}-${cursor.id}`;
}

export interface HomeGame {
  id: number;
  slug: string;
  title: string;
  coverImageUrl: string | null;
  releaseDate: string | null;
}

export interface RecentGame {
  game: HomeGame;
  status: PlayStatus;
  updatedAt: Date;
}

/** One line of the friends feed, as plain data (the feed's island renders later pages from JSON). */
export interface FriendActivity {
  id: string;
  kind: FriendFeedKind;
  createdAt: string;
  actor: { username: string; avatarUrl: string | null };
  game: { slug: string; title: string } | null;
  list: { title: string; href: string } | null;
  status: PlayStatus | null;
  /** A review's rating, 1 to 10 (half stars). */
  rating: number | null;
}

export interface FriendFeedPage {
  items: FriendActivity[];
  /** The cursor of the next (older) page, or null at the end. */
  next: string | null;
}

export interface DashboardHome {
  profile: Profile | null;
  tier: Tier;
  counts: StatusCounts;
  playing: HomeGame[];
  recent: RecentGame[];
  feed: FriendFeedPage;
  /** How many players they follow; asked only when the feed is empty (else null). */
  following: number | null;
  outletReviews: ReviewItem[];
  /** How many outlets they follow; asked only when there are no outlet reviews (else null). */
  followedOutlets: number | null;
  xp: { progress: LevelProgress; today: number; cap: number };
  upcoming: HomeGame[];
}

/** Today's points as the cap counts them (a day's row never holds more than the cap). */
export function xpToday(points: number): { today: number; cap: number } {
  return { today: Math.min(Math.max(points, 0), DAILY_CAP), cap: DAILY_CAP };
}

/** A page of rows fetched one past the page size: the page, and the cursor of the next page when there is one. */
export function feedPage<T extends { cursor: FeedCursor }>(
  rows: T[],
  size: number,
): { rows: T[]; next: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { rows: page, next: rows.length > size && last ? encodeCursor(last.cursor) : null };
}

const STATUS_PHRASES: Record<PlayStatus, { before: string; after: string }> = {
  playing: { before: 'started playing', after: '' },
  played: { before: 'played', after: '' },
  completed: { before: 'completed', after: '' },
  backlog: { before: 'wants to play', after: '' },
  shelved: { before: 'paused', after: '' },
  abandoned: { before: 'abandoned', after: '' },
};

/** A feed line in words: "{actor} {before} <link> {after}". */
export function describeFriendActivity(item: FriendActivity): {
  before: string;
  link: { label: string; href: string } | null;
  after: string;
} {
  const gameLink = item.game ? { label: item.game.title, href: `/games/${item.game.slug}` } : null;
  const listLink = item.list ? { label: item.list.title, href: item.list.href } : null;
  switch (item.kind) {
    case 'game_status_set': {
      const phrase = item.status ? STATUS_PHRASES[item.status] : { before: 'updated their status for', after: '' };
      return { ...phrase, link: gameLink };
    }
    case 'review_published':
      return {
        before: 'reviewed',
        link: item.game ? { label: item.game.title, href: `/games/${item.game.slug}/user-reviews` } : null,
        after: item.rating === null ? '' : `(${item.rating / 2}/5)`,
      };
    case 'list_created':
      return { before: 'made the list', link: listLink, after: '' };
    case 'list_liked':
      return { before: 'liked the list', link: listLink, after: '' };
  }
}

/** A library line: "Finished" for a game played through, else the shelf it went on. */
export function recentLabel(status: PlayStatus): string {
  return status === 'completed' || status === 'played'
    ? `Finished · ${PLAY_STATUS_LABELS[status]}`
    : PLAY_STATUS_LABELS[status];
}

/** The statuses a game being played can move to with one click. */
export const QUICK_STATUSES = ['completed', 'played', 'shelved', 'abandoned'] as const satisfies readonly PlayStatus[];
