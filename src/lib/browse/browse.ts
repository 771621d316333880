import { z } from 'zod';
import {
  genreSlugSchema,
  platformSlugSchema,
  releaseYearSchema,
  type CatalogueSort,
  type FacetValue,
} from '../games/facets.ts';
import { pageNumberSchema } from '../navigation/pagination.ts';

/**
 * /browse/{facet}/{value}/... : the catalogue filtered by a path such as
 * /browse/platform/switch/genre/rpg/year/2024. Each facet appears at most once; the
 * canonical order is platform, genre, year (other orders redirect to it). Anything else
 * (an unknown facet, a missing value, a malformed slug or year) is not a browse page.
 */

export const FACETS = ['platform', 'genre', 'year'] as const;
export type Facet = (typeof FACETS)[number];

export interface BrowseFacets {
  platform?: string | undefined;
  genre?: string | undefined;
  year?: number | undefined;
}

export type BrowsePathResult =
  { ok: true; facets: BrowseFacets; canonicalPath: string; canonical: boolean } | { ok: false };

const FACET_SCHEMAS = { platform: platformSlugSchema, genre: genreSlugSchema, year: releaseYearSchema } as const;

function validValue(facet: Facet, value: string): string | number | undefined {
  const parsed = FACET_SCHEMAS[facet].safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The canonical path of a set of facets ("/browse" for none). */
export function browsePath(facets: BrowseFacets): string {
  let path = '/browse';
  for (const facet of FACETS) {
    const value = facets[facet];
    if (value !== undefined) path += `/${facet}/${value}`;
  }
  return path;
}

/**
 * Parses the catch-all part after /browse/ (Astro's rest parameter: undefined for /browse).
 * A trailing slash is tolerated; empty segments in the middle are not.
 */
export function parseBrowsePath(rest: string | undefined): BrowsePathResult {
  if (rest === undefined || rest === '' || rest === '/') {
    return { ok: true, facets: {}, canonicalPath: '/browse', canonical: true };
  }
  const segments = rest.replace(/^\/+/, '').replace(/\/$/, '').split('/');
  if (segments.length % 2 !== 0 || segments.some((segment) => segment === '')) return { ok: false };
  const facets: BrowseFacets = {};
  const order: Facet[] = [];
  for (let i = 0; i < segments.length; i += 2) {
    const key = segments[i]!;
    const raw = segments[i + 1]!;
    if (!(FACETS as readonly string[]).includes(key)) return { ok: false };
    const facet = key as Facet;
    if (facets[facet] !== undefined) return { ok: false };
    const value = validValue(facet, raw);
    if (value === undefined) return { ok: false };
    if (facet === 'year') facets.year = value as number;
    else facets[facet] = value as string;
    order.push(facet);
  }
  const canonicalOrder = FACETS.filter((facet) => order.includes(facet));
  const canonical = order.every((facet, index) => facet === canonicalOrder[index]);
  return { ok: true, facets, canonicalPath: browsePath(facets), canonical };
}

/** The same facets with one changed (undefined removes it). */
export function withFacet(facets: BrowseFacets, facet: Facet, value: string | number | undefined): BrowseFacets {
  return { ...facets, [facet]: value };
}

export const BROWSE_SORTS = ['newest', 'score', 'title'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_SORT_LABELS: Readonly<Record<BrowseSort, string>> = {
  newest: 'Newest first',
  score: 'Highest critic score',
  title: 'Title A–Z',
};
/** The listing order behind each /browse sort (the same orders as /games, under shorter names). */
export const BROWSE_SORT_ORDERS: Readonly<Record<BrowseSort, CatalogueSort>> = {
  newest: 'release-desc',
  score: 'score-desc',
  title: 'title-asc',
};
export const BROWSE_PAGE_SIZE = 24;

export function parseBrowseQuery(search: URLSearchParams): { sort: BrowseSort; page: number } {
  return {
    sort: z
      .enum(BROWSE_SORTS)
      .catch('newest')
      .parse(search.get('sort') ?? undefined),
    page: pageNumberSchema.parse(search.get('page') ?? undefined),
  };
}

export function browseQuery(
  query: { sort: BrowseSort; page: number },
  overrides: Partial<{ sort: BrowseSort; page: number }> = {},
): string {
  const merged = { ...query, ...overrides };
  const params = new URLSearchParams();
  if (merged.sort !== 'newest') params.set('sort', merged.sort);
  if (merged.page > 1) params.set('page', String(merged.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The facet values of a browse path, looked up. */
export interface BrowseFacetValues {
  platform?: FacetValue | undefined;
  genre?: FacetValue | undefined;
  year?: number | undefined;
}

/** "Shooter games on PlayStation 3 from 2013", or "Browse games" without facets. */
export function browseHeading(facets: BrowseFacetValues): string {
  const parts = [
    facets.genre?.name,
    'games',
    facets.platform && `on ${facets.platform.name}`,
    facets.year && `from ${facets.year}`,
  ].filter(Boolean);
  if (parts.length === 1) return 'Browse games';
  const heading = parts.join(' ');
  return heading.charAt(0).toUpperCase() + heading.slice(1);
}
