import { z } from 'zod';
import type { GameCard } from '../games/games.ts';

/**
 * Custom game lists: limits, schemas and the rules that need no database. Custom lists
 * are an Ad-Free and Premium feature (`customLists` in the tier table); after a downgrade
 * a user keeps their lists, can see and delete them, but no longer edit them.
 */

export const LIST_TITLE_MAX = 100;
export const LIST_DESCRIPTION_MAX = 2000;
export const LIST_ENTRY_NOTE_MAX = 500;
/** Abuse limits (the server refuses beyond them; the list editor says so). */
export const LISTS_PER_USER_MAX = 200;
export const ENTRIES_PER_LIST_MAX = 1000;

export const LIST_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type ListVisibility = (typeof LIST_VISIBILITIES)[number];
export const LIST_VISIBILITY_LABELS: Record<ListVisibility, string> = {
  public: 'Public: on your profile and in Discover',
  unlisted: 'Unlisted: anyone with the link',
  private: 'Private: only you',
};

/** The message a Free user gets when they try to create or edit a custom list. */
export const CUSTOM_LISTS_PLAN_MESSAGE =
  'Custom lists are part of the Ad-Free plan (and Premium). Upgrade to Ad-Free to create and edit your own lists.';
export const LIST_NOT_FOUND_MESSAGE = 'That list does not exist.';

const title = z
  .string()
  .trim()
  .min(1, 'Give the list a title.')
  .max(LIST_TITLE_MAX, `The title can be at most ${LIST_TITLE_MAX} characters.`);
const description = z
  .string()
  .max(LIST_DESCRIPTION_MAX, `The description can be at most ${LIST_DESCRIPTION_MAX} characters.`);

const blankIsNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const visibility = z.enum(LIST_VISIBILITIES);

export const listDetailsSchema = z.object({
  title,
  description: description.nullish().transform(blankIsNull),
  visibility: visibility.default('public'),
  ranked: z.boolean().default(false),
});
export type ListDetails = z.infer<typeof listDetailsSchema>;

/**
 * A change to a list: only the fields it names change. No defaults here (a default would
 * make a private list public when a request names only its description).
 */
export const listUpdateSchema = z
  .object({
    title: title.optional(),
    description: description.nullable().transform(blankIsNull).optional(),
    visibility: visibility.optional(),
    ranked: z.boolean().optional(),
  })
  .strict();

export const entryNoteSchema = z
  .string()
  .max(LIST_ENTRY_NOTE_MAX, `A note can be at most ${LIST_ENTRY_NOTE_MAX} characters.`)
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

export const addEntrySchema = z.object({ gameId: z.number().int().positive(), note: entryNoteSchema }).strict();
export const entryNoteUpdateSchema = z.object({ note: entryNoteSchema }).strict();

/** The new order: every game of the list exactly once. */
export const reorderSchema = z
  .object({ gameIds: z.array(z.number().int().positive()).max(ENTRIES_PER_LIST_MAX) })
  .strict()
  .refine(({ gameIds }) => new Set(gameIds).size === gameIds.length, 'A game appears twice in the new order.');

/** A URL slug from a title: lower-case words joined by hyphens, at most 80 characters. */
export function slugifyTitle(value: string): string {
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'list';
}

/** The first slug not in `taken`: `slug`, `slug-2`, `slug-3`... */
export function uniqueSlug(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n += 1) if (!taken.has(`${slug}-${n}`)) return `${slug}-${n}`;
}

/**
 * Who is looking at a list decides whether it exists for them: its owner always sees it;
 * anyone else only a public or unlisted list that no moderator hid, of a player whose
 * profile is not private. To them everything else is a 404.
 */
export function canView(
  list: { visibility: ListVisibility; userId: string; hidden: boolean; ownerIsPublic: boolean },
  viewerId: string | null,
): boolean {
  if (list.userId === viewerId) return true;
  return list.visibility !== 'private' && !list.hidden && list.ownerIsPublic;
}

/** A like needs a signed-in user, a list they can see that is not private, and not their own. */
export function likeRefusal(
  list: { visibility: ListVisibility; userId: string },
  viewerId: string | null,
): string | null {
  if (!viewerId) return 'Sign in to like lists.';
  if (list.userId === viewerId) return 'You cannot like your own list.';
  if (list.visibility === 'private') return LIST_NOT_FOUND_MESSAGE;
  return null;
}

export const DISCOVER_SORTS = ['popular', 'recent'] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];
export const discoverSortSchema = z.enum(DISCOVER_SORTS).catch('popular');
/** "Popular" counts the likes of the last 30 days. */
export const POPULAR_WINDOW_DAYS = 30;
export const DISCOVER_QUERY_MAX = 100;

/** schema.org ItemList of a list page: its games in order. */
export function listJsonLd(
  list: { title: string; description: string | null; ownerUsername: string | null },
  entries: readonly { position: number; game: { slug: string; title: string } }[],
  origin: string,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: list.title,
    ...(list.description ? { description: list.description } : {}),
    ...(list.ownerUsername
      ? { author: { '@type': 'Person', name: list.ownerUsername, url: `${origin}/${list.ownerUsername}` } }
      : {}),
    numberOfItems: entries.length,
    itemListElement: entries.map((entry, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: `${origin}/games/${entry.game.slug}`,
      name: entry.game.title,
    })),
  };
}

export interface ListSummary {
  id: number;
  userId: string;
  ownerUsername: string | null;
  title: string;
  slug: string;
  description: string | null;
  visibility: ListVisibility;
  ranked: boolean;
  entriesCount: number;
  likesCount: number;
  createdAt: Date;
  updatedAt: Date;
  /** Set when a moderator hid the list: why (only its owner ever sees the list then). */
  hiddenReason?: string | null;
}

export interface ListEntry {
  position: number;
  note: string | null;
  game: GameCard;
}
