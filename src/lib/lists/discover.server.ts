import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, UserListsTable } from '../db/schema.ts';
import { countRowsUpTo, cutPage } from '../navigation/pagination.server.ts';
import { toPaged, type Paged } from '../navigation/pagination.ts';
import { toSummary, type ListSummary } from './lists.server.ts';
import type { DiscoverSort } from './lists.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';

/**
 * /lists pages reachable by paging: counting every public list for the page count cost more
 * than the page itself on a large site, so the count stops at these pages' worth.
 */
export const MAX_DISCOVER_PAGES = 100;

/**
 * /lists: public lists only (none of a private profile), popular or recent, optionally by title.
 * Popular = most likes in the last 30 days (user_lists.recent_likes_count, kept by the likes'
 * triggers and the age-list-likes job), then most likes, then newest.
 */
export async function discoverLists(
  db: Kysely<Database>,
  options: { sort: DiscoverSort; q: string; page: number; pageSize: number },
): Promise<Paged<ListSummary>> {
  // Literals, not parameters: the public-list indexes are partial (`where visibility = 'public'`),
  // and only a statement that says so itself can use them in the plan PostgreSQL keeps.
  let base = db
    .selectFrom('user_lists')
    .where('user_lists.visibility', '=', sql.lit('public'))
    .where('user_lists.hidden', '=', sql.lit(false))
    .where(ownerIsPublic(sql.ref('user_lists.user_id')));
  const q = options.q.trim();
  if (q) base = base.where('user_lists.title', 'ilike', `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  // With a title search the matches are few and come from the title index; ordered scans of
  // the popular or date index would walk past tens of thousands of other lists to find them
  // (the planner cannot tell how selective `%list 123%` is), so the sort keys are then
  // expressions no index provides.
  const ordered = SORT_KEYS[options.sort].reduce(
    (query, column) =>
      query.orderBy(
        q
          ? sql`${sql.ref(`user_lists.${column}`)} + ${column === 'created_at' ? sql`interval '0 seconds'` : sql`0`}`
          : sql.ref(`user_lists.${column}`),
        'desc',
      ),
    base.selectAll('user_lists'),
  );
  const cap = MAX_DISCOVER_PAGES * options.pageSize;
  if (!q) {
    const [items, total] = await Promise.all([
      withOwnerNames(db, ordered, options).execute(),
      countRowsUpTo(db, base, cap),
    ]);
    return toPaged(items.map(toSummary), total, options);
  }
  // A title search counts its matches in the same statement: the trigram index scan is most
  // of its time, and a second statement for the count made it twice. (All matches are
  // read for the order anyway; a page past the end counts them apart.)
  const items = await withOwnerNames(
    db,
    ordered.select(sql<number>`(count(*) over ())::int`.as('matches')),
    options,
  ).execute();
  const total = items[0]?.matches ?? (options.page > 1 ? await countRowsUpTo(db, base, cap) : 0);
  return toPaged(items.map(toSummary), Math.min(total, cap), options);
}

/** Each order's keys, all descending; the last one makes the order total. */
const SORT_KEYS = {
  popular: ['recent_likes_count', 'likes_count', 'id'],
  recent: ['created_at', 'id'],
} as const satisfies Record<DiscoverSort, readonly (keyof UserListsTable)[]>;

/**
 * One page of `ordered` with each list's owner's name. The page is cut before the names are
 * looked up: a name in the same SELECT is looked up for every row OFFSET skips too (page 100
 * looked up 2 000 names for 20).
 */
function withOwnerNames<O extends Selectable<UserListsTable>>(
  db: Kysely<Database>,
  ordered: SelectQueryBuilder<Database, 'user_lists', O>,
  options: { sort: DiscoverSort; page: number; pageSize: number },
) {
  const named = db
    .selectFrom(cutPage(ordered, options).as('page'))
    .selectAll('page')
    .select((eb) =>
      eb
        .selectFrom('profiles')
        .select('profiles.username')
        .whereRef('profiles.id', '=', sql.ref('page.user_id'))
        .as('username'),
    );
  // A derived table's order does not carry through the outer query: sort the page's rows again.
  return SORT_KEYS[options.sort].reduce((query, column) => query.orderBy(sql.ref(`page.${column}`), 'desc'), named);
}
