import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Paged } from '../navigation/pagination.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import type { ReviewItem } from '../reviews/reviews.ts';
import { reviewsBy } from '../reviews/reviews.server.ts';
import { emptyBandCounts } from '../scores/scores.ts';
import {
  OUTLET_EMBED_REVIEWS,
  OUTLET_REVIEWS_PAGE_SIZE,
  OUTLETS_PAGE_SIZE,
  type OutletAuthor,
  type OutletDetail,
  type OutletListItem,
  type OutletStats,
} from './outlets.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

/** The outlet directory, A-Z, with each outlet's published review count. */
export function listOutlets(db: Kysely<Database>, page: number): Promise<Paged<OutletListItem>> {
  const outlets = db.selectFrom('outlets');
  const listed = outlets
    .select([
      'outlets.id',
      'outlets.slug',
      'outlets.name',
      'outlets.score_scale as scale',
      'outlets.is_demo as isDemo',
      sql<number>`(select count(*)::int from public.critic_reviews r
        where r.outlet_id = outlets.id and r.kind = 'review' and r.published_at <= now())`.as('reviewCount'),
    ])
    .orderBy(sql`lower(outlets.name)`)
    .orderBy('outlets.id');
  return paginate(listed, countRows(outlets), { page, pageSize: OUTLETS_PAGE_SIZE });
}

export function getOutletBySlug(db: Kysely<Database>, slug: string): Promise<OutletDetail | undefined> {
  return db
    .selectFrom('outlets')
    .select([
      'id',
      'slug',
      'name',
      'website_url as websiteUrl',
      'logo_url as logoUrl',
      'description',
      'score_scale as scale',
      'recommendation_threshold as threshold',
      'is_demo as isDemo',
    ])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** What an outlet's published reviews add up to: its score distribution and average. */
export async function outletStats(db: Kysely<Database>, outletId: number): Promise<OutletStats> {
  const result = await sql<{
    review_count: number;
    scored_count: number;
    average: string | null;
    recommended_count: number;
    preview_count: number;
    acclaimed: number;
    favourable: number;
    mixed: number;
    unfavourable: number;
    panned: number;
  }>`
    select
      count(*) filter (where kind = 'review')::int as review_count,
      count(score) filter (where kind = 'review')::int as scored_count,
      round(avg(score) filter (where kind = 'review'))::text as average,
      count(*) filter (where kind = 'review' and recommended)::int as recommended_count,
      count(*) filter (where kind = 'preview')::int as preview_count,
      count(*) filter (where kind = 'review' and score >= 90)::int as acclaimed,
      count(*) filter (where kind = 'review' and score >= 75 and score < 90)::int as favourable,
      count(*) filter (where kind = 'review' and score >= 50 and score < 75)::int as mixed,
      count(*) filter (where kind = 'review' and score >= 20 and score < 50)::int as unfavourable,
      count(*) filter (where kind = 'review' and score < 20)::int as panned
    from public.critic_reviews
    where outlet_id = ${outletId} and published_at <= now()
  `.execute(db);
  const row = result.rows[0];
  if (!row) return { reviewCount: 0, scoredCount: 0, averageScore: null, recommendedCount: 0, previewCount: 0, bandCounts: emptyBandCounts() };
  return {
    reviewCount: row.review_count,
    scoredCount: row.scored_count,
    averageScore: row.average === null ? null : Number(row.average),
    recommendedCount: row.recommended_count,
    previewCount: row.preview_count,
    bandCounts: { acclaimed: row.acclaimed, favourable: row.favourable, mixed: row.mixed, unfavourable: row.unfavourable, panned: row.panned },
  };
}

export function outletAuthors(db: Kysely<Database>, outletId: number): Promise<OutletAuthor[]> {
  return db
    .selectFrom('outlet_authors')
    .innerJoin('authors', 'authors.id', 'outlet_authors.author_id')
    .select(['authors.id', 'authors.name', 'authors.slug', 'outlet_authors.role', 'authors.is_demo as isDemo'])
    .where('outlet_authors.outlet_id', '=', outletId)
    .orderBy(sql`lower(authors.name)`)
    .limit(200)
    .execute();
}

/** /outlet/{slug}: the outlet, its numbers, its critics and a page of its reviews; undefined for an unknown slug. */
export async function outletPage(
  db: Kysely<Database>,
  slug: string,
  page: number,
): Promise<{ outlet: OutletDetail; stats: OutletStats; authors: OutletAuthor[]; reviews: Paged<ReviewItem> } | undefined> {
  const outlet = await getOutletBySlug(db, slug);
  if (!outlet) return undefined;
  const [stats, authors, reviews] = await Promise.all([
    outletStats(db, outlet.id),
    outletAuthors(db, outlet.id),
    reviewsBy(db, { outletId: outlet.id }, page, OUTLET_REVIEWS_PAGE_SIZE),
  ]);
  return { outlet, stats, authors, reviews };
}

/** The embeddable review section: the outlet and its latest reviews; undefined for an unknown slug. */
export async function outletEmbed(db: Kysely<Database>, slug: string): Promise<{ outlet: OutletDetail; reviews: ReviewItem[] } | undefined> {
  const outlet = await getOutletBySlug(db, slug);
  if (!outlet) return undefined;
  const { items } = await reviewsBy(db, { outletId: outlet.id }, 1, OUTLET_EMBED_REVIEWS);
  return { outlet, reviews: items };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/outlets': 1,
  '/outlet/[slug]': 5,
} as const satisfies QueryBudgets;
