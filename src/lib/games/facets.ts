import { z } from 'zod';
import { slugSchema } from './slug.ts';

/**
 * The catalogue's facets (platform, genre, release year) and what a game listing is
 * filtered and sorted by. The same filter serves /games?genre=, /browse/genre/…, the
 * publisher pages and the best-reviewed rankings (the queries are in facets.server.ts and
 * listing.server.ts).
 */

/** A platform's slug (/browse/platform/{slug}, ?platform=); the reference list keeps them short. */
export const platformSlugSchema = slugSchema(60);
/** A genre's slug (/browse/genre/{slug}, /reviews/{genre}, ?genre=). */
export const genreSlugSchema = slugSchema(60);

export const MIN_RELEASE_YEAR = 1950;
export const MAX_RELEASE_YEAR = 2100;

/** A release year as a path segment (/browse/year/2024, /reviews/rpg/2024): four digits, 1950-2100. */
export const releaseYearSchema = z
  .string()
  .regex(/^\d{4}$/)
  .transform(Number)
  .pipe(z.number().int().min(MIN_RELEASE_YEAR).max(MAX_RELEASE_YEAR));

/** A facet value offered in a filter. */
export interface FacetOption {
  slug: string;
  name: string;
}

/** A facet value a listing is filtered by, looked up from its slug. */
export interface FacetValue extends FacetOption {
  id: number;
}

/** What a listing of games is narrowed to; every part is optional and all must hold. */
export interface CatalogueFilter {
  platformId?: number | undefined;
  genreId?: number | undefined;
  publisherId?: number | undefined;
  /** Released in these years, both included. */
  years?: { from: number; to: number } | undefined;
  /** Released on or before `today`, or releasing after it. */
  when?: { released: boolean; today: string } | undefined;
}

/** Every order a listing of games can take (id last, so that pages never overlap). */
export const CATALOGUE_SORTS = ['release-desc', 'release-asc', 'title-asc', 'title-desc', 'score-desc'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
