import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findFacets, genreOptions, platformOptions, releaseYears } from '../games/facets.server.ts';
import type { FacetOption } from '../games/facets.ts';
import type { GameCard } from '../games/games.ts';
import { listCatalogue } from '../games/listing.server.ts';
import type { Paged } from '../navigation/pagination.ts';
import {
  BROWSE_PAGE_SIZE,
  BROWSE_SORT_ORDERS,
  type BrowseFacets,
  type BrowseFacetValues,
  type BrowseSort,
} from './browse.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

export interface BrowsePage {
  facets: BrowseFacetValues;
  listing: Paged<GameCard>;
  options: { platforms: FacetOption[]; genres: FacetOption[]; years: number[] };
}

/**
 * What /browse/{facets} shows: the facet values, the listing they filter (the same listing
 * as /games), and every value on offer. Undefined when a slug names nothing: that path is
 * not a page.
 */
export async function browsePage(
  db: Kysely<Database>,
  slugs: BrowseFacets,
  query: { sort: BrowseSort; page: number },
): Promise<BrowsePage | undefined> {
  const found = await findFacets(db, slugs);
  if (found.missing) return undefined;
  const facets: BrowseFacetValues = { platform: found.platform, genre: found.genre, year: slugs.year };
  const [listing, platforms, genres, years] = await Promise.all([
    listCatalogue(db, {
      filter: {
        platformId: facets.platform?.id,
        genreId: facets.genre?.id,
        years: facets.year === undefined ? undefined : { from: facets.year, to: facets.year },
      },
      sort: BROWSE_SORT_ORDERS[query.sort],
      page: query.page,
      pageSize: BROWSE_PAGE_SIZE,
    }),
    platformOptions(db),
    genreOptions(db),
    releaseYears(db),
  ]);
  return { facets, listing, options: { platforms, genres, years } };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/browse/[...slug]': 5,
} as const satisfies QueryBudgets;
