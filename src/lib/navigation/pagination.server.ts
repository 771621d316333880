import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { pageRange, toPaged, type PageRequest, type Paged } from './pagination.ts';

/**
 * The list + count pattern, once: a page of rows and the number of rows it is cut from,
 * fetched in parallel. Build the filtered query once, then hand paginate() the ordered
 * list and its count:
 *
 *   const base = db.selectFrom('games').where(...);
 *   return paginate(selectCards(base).orderBy(...), countRows(base), request);
 */

/** An ordered query that can be cut into pages (any Kysely select query). */
export interface PageableQuery<Q> {
  limit(limit: RawBuilder<number>): Q;
  offset(offset: number): Q;
}

/**
 * The page's rows of an ordered query, as every listing cuts them. The page size is a
 * constant of the page, written into the statement, and the first page (most visits) has no
 * OFFSET: with either a parameter, PostgreSQL's kept plan assumes it skips or keeps a tenth
 * of the rows, looks dearer, and every call is planned again
 * (docs/decisions/generic-plans.md). Later pages keep their offset as a parameter.
 */
export function cutPage<Q extends PageableQuery<Q>>(rows: Q, request: PageRequest): Q {
  const { limit, offset } = pageRange(request);
  const first = rows.limit(sql.lit(limit));
  return offset > 0 ? first.offset(offset) : first;
}

export async function paginate<T, Q extends PageableQuery<Q> & { execute(): Promise<T[]> }>(
  rows: Q & { execute(): Promise<T[]> },
  total: Promise<number>,
  request: PageRequest,
): Promise<Paged<T>> {
  const [items, count] = await Promise.all([cutPage<Q>(rows, request).execute(), total]);
  return toPaged(items, count, request);
}

/**
 * How many rows a filtered query selects (its selections and order are dropped). For
 * plain filtered queries: one with GROUP BY or DISTINCT needs a count of its own.
 */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('total'))
    .$castTo<{ total: number }>()
    .executeTakeFirstOrThrow();
  return row.total;
}

/**
 * countRows, stopped at `max`: for feeds and lists so long that counting every row would
 * cost more than the page, the pager links at most `max` rows' worth of pages.
 */
export async function countRowsUpTo<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<DB, TB, O>,
  max: number,
): Promise<number> {
  const capped = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'))
    .limit(sql.lit(max));
  const result = await sql<{ total: number }>`select count(*)::int as total from (${capped}) as capped`.execute(db);
  return result.rows[0]?.total ?? 0;
}
