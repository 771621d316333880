import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Paged } from '../navigation/pagination.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import type { ReviewItem } from '../reviews/reviews.ts';
import { latestReviews, reviewsBy } from '../reviews/reviews.server.ts';
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

/** The outlet directory, A-Z, with each outlet's published review count (kept, not recounted). */
export function listOutlets(db: Kysely<Database>, page: number): Promise<Paged<OutletListItem>> {
  const outlets = db.selectFrom('outlets');
  const listed = outlets
    .leftJoin('outlet_critic_stats', 'outlet_critic_stats.outlet_id', 'outlets.id')
    .select([
      'outlets.id',
      'outlets.slug',
      'outlets.name',
      'outlets.score_scale as scale',
      'outlets.is_demo as isDemo',
      sql<number>`coalesce(outlet_critic_stats.review_count, 0)`.as('reviewCount'),
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

/** The kept per-outlet numbers (outlet_critic_stats, maintained by a trigger on every review write). */
const STATS_COLUMNS = [
  'outlet_critic_stats.review_count',
  'outlet_critic_stats.scored_count',
  'outlet_critic_stats.score_sum',
  'outlet_critic_stats.recommended_count',
  'outlet_critic_stats.preview_count',
  'outlet_critic_stats.acclaimed_count',
  'outlet_critic_stats.favourable_count',
  'outlet_critic_stats.mixed_count',
  'outlet_critic_stats.unfavourable_count',
  'outlet_critic_stats.panned_count',
] as const;

type StatsRow = {
  [K in (typeof STATS_COLUMNS)[number] extends `outlet_critic_stats.${infer C}` ? C : never]: number | string | null;
};

function toStats(row: StatsRow | undefined): OutletStats {
  // No row yet: the outlet has no published review (or preview).
  if (!row || row.review_count === null)
    return {
      reviewCount: 0,
      scoredCount: 0,
      averageScore: null,
      recommendedCount: 0,
      previewCount: 0,
      bandCounts: emptyBandCounts(),
    };
  const scored = Number(row.scored_count);
  // The mean rounded half up, as round(avg(score)) gave it when it was recounted per request.
  const average = scored > 0 ? Math.round(Number(row.score_sum) / scored) : null;
  return {
    reviewCount: Number(row.review_count),
    scoredCount: scored,
    averageScore: average,
    recommendedCount: Number(row.recommended_count),
    previewCount: Number(row.preview_count),
    bandCounts: {
      acclaimed: Number(row.acclaimed_count),
      favourable: Number(row.favourable_count),
      mixed: Number(row.mixed_count),
      unfavourable: Number(row.unfavourable_count),
      panned: Number(row.panned_count),
    },
  };
}

/** What an outlet's published reviews add up to: its score distribution and average. */
export async function outletStats(db: Kysely<Database>, outletId: number): Promise<OutletStats> {
  const row = await db
    .selectFrom('outlet_critic_stats')
    .select(STATS_COLUMNS)
    .where('outlet_id', '=', outletId)
    .executeTakeFirst();
  return toStats(row);
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
): Promise<
  { outlet: OutletDetail; stats: OutletStats; authors: OutletAuthor[]; reviews: Paged<ReviewItem> } | undefined
> {
  // The outlet and its kept numbers in one round trip; the numbers give the page count too.
  const row = await db
    .selectFrom('outlets')
    .leftJoin('outlet_critic_stats', 'outlet_critic_stats.outlet_id', 'outlets.id')
    .select([
      'outlets.id',
      'outlets.slug',
      'outlets.name',
      'outlets.website_url as websiteUrl',
      'outlets.logo_url as logoUrl',
      'outlets.description',
      'outlets.score_scale as scale',
      'outlets.recommendation_threshold as threshold',
      'outlets.is_demo as isDemo',
      ...STATS_COLUMNS,
    ])
    .where('outlets.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return undefined;
  const { id, slug: outletSlug, name, websiteUrl, logoUrl, description, scale, threshold, isDemo, ...kept } = row;
  const outlet: OutletDetail = {
    id,
    slug: outletSlug,
    name,
    websiteUrl,
    logoUrl,
    description,
    scale,
    threshold,
    isDemo,
  };
  const stats = toStats(kept);
  const [authors, reviews] = await Promise.all([
    outletAuthors(db, outlet.id),
    reviewsBy(db, { outletId: outlet.id }, page, OUTLET_REVIEWS_PAGE_SIZE, stats.reviewCount + stats.previewCount),
  ]);
  return { outlet, stats, authors, reviews };
}

/** The embeddable review section: the outlet and its latest reviews; undefined for an unknown slug. */
export async function outletEmbed(
  db: Kysely<Database>,
  slug: string,
): Promise<{ outlet: OutletDetail; reviews: ReviewItem[] } | undefined> {
  const outlet = await getOutletBySlug(db, slug);
  if (!outlet) return undefined;
  const { items } = await reviewsBy(db, { outletId: outlet.id }, 1, OUTLET_EMBED_REVIEWS);
  return { outlet, reviews: items };
}

/** The widget without an outlet: the latest reviews across every outlet, as many as an outlet's. */
export async function latestEmbed(db: Kysely<Database>): Promise<ReviewItem[]> {
  return (await latestReviews(db, 1, OUTLET_EMBED_REVIEWS)).items;
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/outlets': 1,
  '/outlet/[slug]': 5,
} as const satisfies QueryBudgets;
