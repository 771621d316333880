import { z } from 'zod';
import type { GameSource } from '../db/schema.ts';
import { pageNumberSchema } from '../navigation/pagination.ts';
import type { CriticSummary } from '../reviews/reviews.ts';
import type { ReviewWindowView, UserScore } from '../user-reviews/user-reviews.ts';
import {
  genreSlugSchema,
  platformSlugSchema,
  type CatalogueFilter,
  type CatalogueSort,
  type FacetValue,
} from './facets.ts';
import { slugFilter } from './slug.ts';

/**
 * The /games listing is fully described by its query string (shareable, cacheable, and
 * usable without JavaScript). Unknown or malformed values fall back to the defaults
 * rather than failing: a stale bookmark should still show games.
 */

export const GAMES_PAGE_SIZE = 24;

export const GAME_SORTS = [
  'release-desc',
  'release-asc',
  'title-asc',
  'title-desc',
] as const satisfies readonly CatalogueSort[];
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

const listingSchema = z.object({
  page: pageNumberSchema,
  sort: z.enum(GAME_SORTS).optional().catch(undefined),
  when: z.enum(GAME_WHEN).catch('all'),
  platform: slugFilter(platformSlugSchema),
  genre: slugFilter(genreSlugSchema),
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

/** The catalogue filter of a /games listing, once its platform and genre slugs are looked up. */
export function gameListingFilter(
  params: Pick<GameListingParams, 'when'>,
  facets: { platform?: FacetValue | undefined; genre?: FacetValue | undefined },
  today: string,
): CatalogueFilter {
  return {
    platformId: facets.platform?.id,
    genreId: facets.genre?.id,
    when: params.when === 'all' ? undefined : { released: params.when === 'released', today },
  };
}

/** The heading of a /games listing. */
export function gameListingHeading(params: Pick<GameListingParams, 'when'>, search: string | undefined): string {
  if (search !== undefined) return `Results for “${search}”`;
  return params.when === 'upcoming' ? 'Upcoming games' : params.when === 'released' ? 'Released games' : 'Games';
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
  /** Counted user ratings (1..10 each) and their sum, from the kept game_user_scores row. */
  userRatingCount: number;
  userRatingSum: number;
  /** An invented demo game. */
  isDemo: boolean;
}

export interface GameDetail extends GameCard {
  summary: string | null;
  sources: GameSource[];
  updatedAt: Date;
  releases: { id: number; slug: string; name: string; abbreviation: string; releaseDate: string | null }[];
  developers: { slug: string; name: string }[];
  publishers: { slug: string; name: string }[];
  /** The kept critic numbers: the score, its working and the tab counts. */
  critic: CriticSummary;
  /** The kept user score. */
  userScore: UserScore;
  /** Review windows whose reviews are not counted now (flagged or confirmed), oldest first. */
  heldWindows: ReviewWindowView[];
}

export interface SimilarGame extends GameCard {
  similarity: { score: number; genres: number; developers: number; publishers: number; platforms: number };
}

/**
 * Why another game counts as similar, in words: "same developer, 2 shared genres, 1 shared
 * platform" (the weights are on /faq and in public.similar_games).
 */
export function similarityReasons(similarity: SimilarGame['similarity']): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts: string[] = [];
  if (similarity.developers > 0)
    parts.push(
      similarity.developers === 1 ? 'same developer' : count(similarity.developers, 'developer', 'developers'),
    );
  if (similarity.publishers > 0)
    parts.push(
      similarity.publishers === 1 ? 'same publisher' : count(similarity.publishers, 'publisher', 'publishers'),
    );
  parts.push(count(similarity.genres, 'shared genre', 'shared genres'));
  if (similarity.platforms > 0) parts.push(count(similarity.platforms, 'shared platform', 'shared platforms'));
  return parts.join(', ');
}
