import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Paged } from '../navigation/pagination.ts';
import type { ReviewItem } from '../reviews/reviews.ts';
import { reviewsBy } from '../reviews/reviews.server.ts';
import { AUTHOR_REVIEWS_PAGE_SIZE, type AuthorDetail } from './authors.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

export async function getAuthorById(db: Kysely<Database>, id: number): Promise<AuthorDetail | undefined> {
  const author = await db
    .selectFrom('authors')
    .select(['id', 'name', 'slug', 'bio', 'avatar_url as avatarUrl', 'links', 'is_demo as isDemo'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!author) return undefined;
  const outlets = await db
    .selectFrom('outlet_authors')
    .innerJoin('outlets', 'outlets.id', 'outlet_authors.outlet_id')
    .select(['outlets.slug', 'outlets.name', 'outlet_authors.role', 'outlets.is_demo as isDemo'])
    .where('outlet_authors.author_id', '=', id)
    .orderBy(sql`lower(outlets.name)`)
    .execute();
  return { ...author, outlets };
}

/** /authors/{id}/{name}: the author and a page of their reviews; undefined for an unknown id. */
export async function authorPage(
  db: Kysely<Database>,
  id: number,
  page: number,
): Promise<{ author: AuthorDetail; reviews: Paged<ReviewItem> } | undefined> {
  const author = await getAuthorById(db, id);
  if (!author) return undefined;
  return { author, reviews: await reviewsBy(db, { authorId: author.id }, page, AUTHOR_REVIEWS_PAGE_SIZE) };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // the route guard's canonical-name lookup included
  '/authors/[id]/[...name]': 5,
} as const satisfies QueryBudgets;
