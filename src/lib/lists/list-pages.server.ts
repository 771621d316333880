import type { AstroGlobal } from 'astro';
import { sql } from 'kysely';
import { getUserTier } from '../auth/profiles.server.ts';
import { canUseFeature } from '../auth/tiers.ts';
import { getDb } from '../db/db.server.ts';
import { listTag, profileTag, userListsTag } from '../http/cache-rules.ts';
import { invalidRouteParams, notFound } from '../http/errors.ts';
import { parsePage, type Paged } from '../navigation/pagination.ts';
import { discoverLists } from './discover.server.ts';
import {
  findListBySlug,
  listEntries,
  listsOfOwner,
  ownListById,
  publicListsOf,
  type ListEntry,
  type ListSummary,
} from './lists.server.ts';
import { likedLists } from './list-likes.server.ts';
import { DISCOVER_QUERY_MAX, discoverSortSchema, type DiscoverSort } from './lists.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';

/**
 * The loaders of the list pages: one call per page, parameters checked here. Public
 * pages never read the visitor (they are cached and the same for everyone); dashboard
 * pages are the signed-in owner's (the middleware's auth guard runs first).
 */

export const LISTS_PAGE_SIZE = 20;
const USERNAME = /^[A-Za-z0-9_-]{3,20}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** /dashboard/lists: the owner's lists and whether they may still create or edit. */
export async function loadOwnLists(astro: AstroGlobal): Promise<{ lists: ListSummary[]; canEdit: boolean }> {
  const userId = astro.locals.user!.id;
  const db = await getDb();
  const [lists, tier] = await Promise.all([listsOfOwner(db, userId), getUserTier(db, userId)]);
  return { lists, canEdit: canUseFeature(tier, 'customLists') };
}

/** /dashboard/lists/{id|slug} and /dashboard/lists/edit/{id}: the owner's list; anyone else's is a 404. */
export async function loadOwnList(
  astro: AstroGlobal,
  param: string | undefined,
): Promise<{ list: ListSummary; entries: ListEntry[]; canEdit: boolean } | Response> {
  const userId = astro.locals.user!.id;
  const db = await getDb();
  let id: number | null = param && /^\d{1,9}$/.test(param) ? Number(param) : null;
  if (id === null && param && SLUG.test(param)) {
    id =
      (
        await db
          .selectFrom('user_lists')
          .select('id')
          .where('user_id', '=', userId)
          .where('slug', '=', param)
          .executeTakeFirst()
      )?.id ?? null;
  }
  if (id === null) return notFound(astro);
  const list = await ownListById(db, userId, id);
  if (!list) return notFound(astro);
  const [entries, tier] = await Promise.all([listEntries(db, id), getUserTier(db, userId)]);
  return { list, entries, canEdit: canUseFeature(tier, 'customLists') };
}

export async function loadLikedLists(astro: AstroGlobal): Promise<Paged<ListSummary>> {
  return likedLists(await getDb(), astro.locals.user!.id, {
    page: parsePage(astro.url.searchParams),
    pageSize: LISTS_PAGE_SIZE,
  });
}

/** /lists: public lists, popular or recent, searchable by title. */
export async function loadDiscover(
  astro: AstroGlobal,
): Promise<{ lists: Paged<ListSummary>; sort: DiscoverSort; q: string }> {
  const search = astro.url.searchParams;
  const sort = discoverSortSchema.parse(search.get('sort') ?? undefined);
  const q = (search.get('q') ?? '').trim().slice(0, DISCOVER_QUERY_MAX);
  const lists = await discoverLists(await getDb(), { sort, q, page: parsePage(search), pageSize: LISTS_PAGE_SIZE });
  return { lists, sort, q };
}

/**
 * /{username}/lists: a user's public lists (cached; purged when one of their lists changes
 * or their profile turns private). A private profile's lists are a 404 to everyone here:
 * the page is the same for every visitor, and the owner has them on the dashboard.
 */
export async function loadUserLists(
  astro: AstroGlobal,
): Promise<{ username: string; lists: ListSummary[] } | Response> {
  const username = astro.params.username;
  if (!username || !USERNAME.test(username)) return invalidRouteParams(astro);
  const db = await getDb();
  const profile = await db
    .selectFrom('profiles')
    .select(['id', 'username', ownerIsPublic(sql.ref('profiles.id')).as('is_public')])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  if (!profile?.username || !profile.is_public) return notFound(astro);
  astro.cache.set({ tags: [userListsTag(profile.id), profileTag(profile.id)] });
  return { username: profile.username, lists: await publicListsOf(db, profile.id) };
}

/**
 * /{username}/lists/{listname}: a public or unlisted list; private ones, and every list of
 * a private profile, are a 404 here for everyone (the page is the same for every visitor).
 */
export async function loadPublicList(
  astro: AstroGlobal,
): Promise<{ list: ListSummary; entries: ListEntry[] } | Response> {
  const { username, listname } = astro.params;
  if (!username || !USERNAME.test(username) || !listname || !SLUG.test(listname)) return invalidRouteParams(astro);
  const db = await getDb();
  const list = await findListBySlug(db, username, listname, null);
  if (!list) return notFound(astro);
  astro.cache.set({ tags: [listTag(list.id), profileTag(list.userId)] });
  return { list, entries: await listEntries(db, list.id) };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // The page's lists, and their count stopped at MAX_DISCOVER_PAGES' worth (counting every
  // public list in the page's statement cost more than the page).
  '/lists': 2,
  '/[username]/lists': 2,
  '/[username]/lists/[listname]': 3,
  '/dashboard/lists': 2,
  '/dashboard/lists/liked': 1,
  '/dashboard/lists/[id]': 4,
} as const satisfies QueryBudgets;
