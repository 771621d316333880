import { z } from 'zod';
import type { ActivityKind } from '../activity/activity.ts';

/**
 * Public profiles at /{username}: what a visitor may see of a player, and the addresses
 * that lead there (/profile/{username}, a username in another case, the legacy
 * /{username}/index-broken).
 */

/** What a username in a URL must look like before it is looked up. */
export const usernameParamSchema = z.string().regex(/^[A-Za-z0-9_-]{3,20}$/);

export const PROFILE_LIMITS = {
  recentReviews: 5,
  recentActivity: 10,
  favourites: 6,
  activityPageSize: 30,
} as const;

/** Where a profile request goes: the page itself, or a 301 to the canonical address. */
export type ProfileRoute = { kind: 'ok' } | { kind: 'redirect'; location: string };

/** The canonical path of a profile page is /{username} with the username's own case. */
export function canonicalProfilePath(username: string, rest = ''): string {
  return `/${encodeURIComponent(username)}${rest}`;
}

export function profileRoute(requested: string, actual: string, rest = '', search = ''): ProfileRoute {
  return requested === actual
    ? { kind: 'ok' }
    : { kind: 'redirect', location: `${canonicalProfilePath(actual, rest)}${search}` };
}

/** The kinds a profile's activity feed shows; private kinds never appear whatever is_public says. */
export const FEED_KINDS = [
  'game_status_set',
  'review_published',
  'list_created',
  'list_liked',
  'list_entry_added',
  'user_followed',
  'outlet_followed',
  'level_up',
] as const satisfies readonly ActivityKind[];

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  playing: 'Playing',
  played: 'Played',
  completed: 'Completed',
  backlog: 'Backlog',
  shelved: 'Shelved',
  abandoned: 'Abandoned',
};

/** What any visitor may know of a profile (the details depend on isPrivate). */
export interface PublicProfile {
  id: string;
  username: string;
  fullName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  memberSince: Date;
  isPrivate: boolean;
}

export interface FeedItem {
  id: string;
  kind: ActivityKind;
  createdAt: Date;
  data: Record<string, string | number | boolean | null>;
  game: { slug: string; title: string } | null;
  subjectId: string;
}

/** One feed line as text parts: what happened, the game or list it links to. */
export function describeFeedItem(item: FeedItem): { text: string; href: string | null; label: string | null } {
  const game = item.game;
  const gameLink = game ? { href: `/games/${game.slug}`, label: game.title } : { href: null, label: null };
  switch (item.kind) {
    case 'game_status_set': {
      const status =
        typeof item.data.status === 'string' ? (STATUS_LABELS[item.data.status] ?? item.data.status) : 'a status';
      return { text: `Marked as ${status}:`, ...gameLink };
    }
    case 'review_published': {
      const rating = typeof item.data.rating === 'number' ? ` (${item.data.rating / 2}/5)` : '';
      return { text: `Reviewed${rating}:`, ...gameLink };
    }
    case 'list_created':
      return {
        text: 'Created the list',
        href: null,
        label: typeof item.data.title === 'string' ? item.data.title : 'a list',
      };
    case 'list_entry_added':
      return { text: 'Added to a list:', ...gameLink };
    case 'list_liked':
      return {
        text: 'Liked the list',
        href: null,
        label: typeof item.data.title === 'string' ? item.data.title : 'a list',
      };
    case 'user_followed':
      return { text: 'Followed a player', href: null, label: null };
    case 'outlet_followed':
      return { text: 'Followed an outlet', href: null, label: null };
    case 'level_up':
      return {
        text: `Reached level ${String(item.data.level ?? '')}${typeof item.data.name === 'string' ? ` (${item.data.name})` : ''}`,
        href: null,
        label: null,
      };
    default:
      return { text: 'Was active', href: null, label: null };
  }
}

export const profileSettingsSchema = z.object({ isPrivate: z.boolean() });
