import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toPaged, type Paged } from '../navigation/pagination.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import { searchGames } from '../search/search.server.ts';
import { catalogueConditions, findFacets, genreOptions, platformOptions } from './facets.server.ts';
import type { CatalogueFilter, CatalogueSort, FacetOption } from './facets.ts';
import { selectCards, type GamesQuery } from './games.server.ts';
import { GAMES_PAGE_SIZE, gameListingFilter, type GameCard, type GameListingParams } from './games.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

/**
 * The one listing of games behind every grid of the catalogue: /games (query string),
 * /browse/… (path), publisher pages. Each page reads its URL into a filter and a sort;
 * this turns them into one page of cards and the count, in one statement each.
 */

export interface CatalogueQuery {
  filter: CatalogueFilter;
  sort: CatalogueSort;
  page: number;
  pageSize: number;
}

function orderBy<O>(query: GamesQuery<O>, sort: CatalogueSort): GamesQuery<O> {
  switch (sort) {
    case 'release-desc':
      return query.orderBy('games.release_date', (ob) => ob.desc().nullsLast()).orderBy('games.id', 'desc');
    case 'release-asc':
      return query.orderBy('games.release_date', (ob) => ob.asc().nullsLast()).orderBy('games.id', 'asc');
    case 'title-asc':
      return query.orderBy(sql`lower(games.title)`, 'asc').orderBy('games.id', 'asc');
    case 'title-desc':
      return query.orderBy(sql`lower(games.title)`, 'desc').orderBy('games.id', 'desc');
    case 'score-desc':
      return query
        .orderBy(
          (eb) =>
            eb
              .selectFrom('game_critic_stats')
              .select('critic_score')
              .whereRef('game_critic_stats.game_id', '=', 'games.id'),
          (ob) => ob.desc().nullsLast(),
        )
        .orderBy('games.id');
  }
}

export async function listCatalogue(db: Kysely<Database>, query: CatalogueQuery): Promise<Paged<GameCard>> {
  let base = db.selectFrom('games');
  for (const condition of catalogueConditions(query.filter)) base = base.where(condition);
  return paginate(orderBy(selectCards(base), query.sort), countRows(base), query);
}

/** A listing filtered by a value that names nothing (an unknown slug): empty, without a query. */
export function emptyListing(page: number, pageSize: number): Paged<GameCard> {
  return toPaged([], 0, { page, pageSize });
}

/** A /games listing: its platform and genre slugs looked up, then the catalogue listing. */
export async function listGames(
  db: Kysely<Database>,
  params: GameListingParams,
  today: string,
): Promise<Paged<GameCard>> {
  const facets = await findFacets(db, params);
  if (facets.missing) return emptyListing(params.page, GAMES_PAGE_SIZE);
  return listCatalogue(db, {
    filter: gameListingFilter(params, facets, today),
    sort: params.sort,
    page: params.page,
    pageSize: GAMES_PAGE_SIZE,
  });
}

/** Everything /games shows: the listing, or the results for ?q=, and the filter options. */
export async function gamesIndexPage(
  db: Kysely<Database>,
  params: GameListingParams,
  search: string | undefined,
  today: string,
): Promise<{ listing: Paged<GameCard>; platforms: FacetOption[]; genres: FacetOption[] }> {
  const [listing, platforms, genres] = await Promise.all([
    search === undefined ? listGames(db, params, today) : searchGames(db, search, params.page),
    platformOptions(db),
    genreOptions(db),
  ]);
  return { listing, platforms, genres };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/games': 3,
  // the search results page: the same loader with ?q=
  '/games?q=': 3,
} as const satisfies QueryBudgets;
