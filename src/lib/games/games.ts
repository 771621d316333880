import { z } from 'zod';
import type { GameSource } from '../db/schema.ts';
import { SLUG_PATTERN } from './slug.ts';

/**
 * The /games listing is fully described by its query string (shareable, cacheable, and
 * usable without JavaScript). Unknown or malformed values fall back to the defaults
 * rather than failing: a stale bookmark should still show games.
 */

export const GAMES_PAGE_SIZE = 24;
export const MAX_PAGE = 10_000;

export const GAME_SORTS = ['release-desc', 'release-asc', 'title-asc', 'title-desc'] as const;
export type GameSort = (typeof GAME_SORTS)[number];

export const SORT_LABELS: Readonly<Record<GameSort, string>> = {
  'release-desc': 'Newest first',
  'release-asc': 'Oldest first',
  'title-asc': 'Title A–Z',
  'title-desc': 'Title Z–A',
};

export const GAME_WHEN = ['all', 'released', 'upcoming'] as const;
export type GameWhen = (typeof GAME_WHEN)[number];

export const WHEN_LABELS: Readonly<Record<GameWhen, string>> = {
  all: 'All games',
  released: 'Released',
  upcoming: 'Upcoming',
};

const optionalSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN)
  .max(60)
  .optional()
  .catch(undefined);

const listingSchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
  sort: z.enum(GAME_SORTS).optional().catch(undefined),
  when: z.enum(GAME_WHEN).catch('all'),
  platform: optionalSlug,
  genre: optionalSlug,
});

export interface GameListingParams {
  page: number;
  sort: GameSort;
  when: GameWhen;
  platform: string | undefined;
  genre: string | undefined;
}

/** Reads the listing from a URL's query. Upcoming games default to soonest first. */
export function parseGameListingParams(search: URLSearchParams): GameListingParams {
  const raw = Object.fromEntries(
    ['page', 'sort', 'when', 'platform', 'genre']
      .map((key) => [key, search.get(key) ?? undefined] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = listingSchema.parse(raw);
  return {
    page: parsed.page,
    sort: parsed.sort ?? (parsed.when === 'upcoming' ? 'release-asc' : 'release-desc'),
    when: parsed.when,
    platform: parsed.platform,
    genre: parsed.genre,
  };
}

/** The canonical query string for a listing (defaults omitted), e.g. "?genre=rpg&page=2". */
export function gameListingQuery(params: GameListingParams, overrides: Partial<GameListingParams> = {}): string {
  const merged = { ...params, ...overrides };
  const defaultSort: GameSort = merged.when === 'upcoming' ? 'release-asc' : 'release-desc';
  const query = new URLSearchParams();
  if (merged.when !== 'all') query.set('when', merged.when);
  if (merged.platform) query.set('platform', merged.platform);
  if (merged.genre) query.set('genre', merged.genre);
  if (merged.sort !== defaultSort) query.set('sort', merged.sort);
  if (merged.page > 1) query.set('page', String(merged.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

// What the catalogue pages show ------------------------------------------------------------

/** What a game card shows. */
export interface GameCard {
  id: number;
  slug: string;
  title: string;
  releaseDate: string | null;
  coverImageUrl: string | null;
  platforms: { slug: string; name: string; abbreviation: string }[];
  genres: { slug: string; name: string }[];
  /** Critic score (null until MIN_SCORED_REVIEWS scored reviews) and how many scored reviews there are. */
  criticScore: number | null;
  scoredCount: number;
  /** An invented demo game. */
  isDemo: boolean;
}

export interface GameDetail extends GameCard {
  summary: string | null;
  sources: GameSource[];
  updatedAt: Date;
  releases: { slug: string; name: string; abbreviation: string; releaseDate: string | null }[];
  developers: { slug: string; name: string }[];
  publishers: { slug: string; name: string }[];
}

export interface GameListing {
  games: GameCard[];
  total: number;
  page: number;
  pageCount: number;
}

export interface FacetOption {
  slug: string;
  name: string;
}

export interface SimilarGame extends GameCard {
  similarity: { score: number; genres: number; developers: number; publishers: number; platforms: number };
}
