import type { AstroGlobal } from 'astro';
import { getDb } from '../db/db.server.ts';
import { invalidRouteParams } from '../http/errors.ts';
import { parsePage } from '../navigation/pagination.ts';
import { libraryPlatforms, listLibrary, statusCounts, type GamesShelf } from './play-status.server.ts';
import { gamesSortSchema, PLAY_STATUS_LABELS, shelfCount, statusFromParam, type ShelfPage } from './play-status.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

export const SHELF_PAGE_SIZE = 24;

/**
 * The games dashboard pages: `/dashboard/games/{status}` (an unknown status is the
 * "Page Not Found" 404), everything with a status, the wishlist and the favourites.
 * Signed-in only (the middleware's auth guard).
 */
export async function loadShelf(
  astro: AstroGlobal,
  which: 'status' | 'all' | 'wishlist' | 'favourite',
): Promise<ShelfPage | Response> {
  const userId = astro.locals.user!.id;
  let shelf: GamesShelf;
  let heading: string;
  if (which === 'status') {
    const status = statusFromParam(astro.params.status);
    if (!status) return invalidRouteParams(astro);
    shelf = { status };
    heading = PLAY_STATUS_LABELS[status];
  } else {
    shelf = { shelf: which };
    heading = which === 'all' ? 'My games' : which === 'wishlist' ? 'My wishlist' : 'My favourites';
  }
  const search = astro.url.searchParams;
  const sort = gamesSortSchema.parse(search.get('sort') ?? undefined);
  const platformValue = search.get('platform');
  const platformId = platformValue && /^\d{1,9}$/.test(platformValue) ? Number(platformValue) : undefined;
  const db = await getDb();
  const kept = statusCounts(db, userId);
  // Without a platform filter the shelf's size is one of the kept counts: no count of its rows.
  const total = platformId ? undefined : kept.then((counts) => shelfCount(counts, shelf));
  const [counts, games, platforms] = await Promise.all([
    kept,
    listLibrary(db, userId, { shelf, sort, platformId, page: parsePage(search), pageSize: SHELF_PAGE_SIZE, total }),
    libraryPlatforms(db, userId),
  ]);
  return { heading, shelf, counts, games, sort, platformId, platforms };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/dashboard/games/[status]': 4,
  '/dashboard/games': 4,
  '/dashboard/my-wishlist': 4,
  '/dashboard/my-favorites': 4,
} as const satisfies QueryBudgets;
