import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { countRowsUpTo } from '../navigation/pagination.server.ts';
import { pageRange, toPaged, type Paged } from '../navigation/pagination.ts';
import { toSummary, type ListSummary } from './lists.server.ts';
import type { DiscoverSort } from './lists.ts';

/**
 * /lists pages reachable by paging: counting every public list for the page count cost more
 * than the page itself on a large site, so the count stops at these pages' worth.
 */
export const MAX_DISCOVER_PAGES = 100;

/**
 * /lists: public lists only, popular or recent, optionally by title.
 * Popular = most likes in the last 30 days (user_lists.recent_likes_count, kept by the likes'
 * triggers and the age-list-likes job), then most likes, then newest.
 */
export async function discoverLists(db: Kysely<Database>, options: { sort: DiscoverSort; q: string; page: number; pageSize: number }): Promise<Paged<ListSummary>> {
  // Literals, not parameters: the public-list indexes are partial (`where visibility = 'public'`),
  // and only a statement that says so itself can use them in the plan PostgreSQL keeps.
  let base = db.selectFrom('user_lists').where('user_lists.visibility', '=', sql.lit('public')).where('user_lists.hidden', '=', sql.lit(false));
  const q = options.q.trim();
  if (q) base = base.where('user_lists.title', 'ilike', `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  // With a title search the matches are few and come from the title index; ordered scans of
  // the popular or date index would walk past tens of thousands of other lists to find them
  // (the planner cannot tell how selective `%list 123%` is), so the sort keys are then
  // expressions no index provides.
  const key = <T,>(column: 'created_at' | 'likes_count' | 'recent_likes_count') =>
    q ? sql<T>`${sql.ref(`user_lists.${column}`)} + ${column === 'created_at' ? sql`interval '0 seconds'` : sql`0`}` : sql<T>`${sql.ref(`user_lists.${column}`)}`;
  const ordered =
    options.sort === 'recent'
      ? base.selectAll('user_lists').orderBy(key<Date>('created_at'), 'desc').orderBy('user_lists.id', 'desc')
      : base
          .selectAll('user_lists')
          .orderBy(key<number>('recent_likes_count'), 'desc')
          .orderBy(key<number>('likes_count'), 'desc')
          .orderBy('user_lists.id', 'desc');
  // The page is cut before the owners' names are looked up: a name in the same SELECT is
  // looked up for every row OFFSET skips too (page 100 looked up 2 000 names for 20).
  // The page size is a literal and the first page has no OFFSET, as in paginate().
  const { limit, offset } = pageRange(options);
  const cut = ordered.limit(sql.lit(limit));
  const page = (offset > 0 ? cut.offset(offset) : cut).as('page');
  const named = db
    .selectFrom(page)
    .selectAll('page')
    .select((eb) => eb.selectFrom('profiles').select('profiles.username').whereRef('profiles.id', '=', 'page.user_id').as('username'));
  // A derived table's order does not carry through the outer query: sort the page's rows again.
  const rows =
    options.sort === 'recent'
      ? named.orderBy('page.created_at', 'desc').orderBy('page.id', 'desc')
      : named.orderBy('page.recent_likes_count', 'desc').orderBy('page.likes_count', 'desc').orderBy('page.id', 'desc');
  const [items, total] = await Promise.all([rows.execute(), countRowsUpTo(db, base, MAX_DISCOVER_PAGES * options.pageSize)]);
  return toPaged(items.map(toSummary), total, options);
}
