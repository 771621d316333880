import { sql, type Kysely } from 'kysely';
import type { Database, ScoreScaleColumn } from '../db/schema.ts';
import { pageCount } from '../navigation/pagination.ts';
import { emptyBandCounts, type ScoreBandKey } from '../scores/scores.ts';

export const OUTLETS_PAGE_SIZE = 60;

export interface OutletListItem {
  id: number;
  slug: string;
  name: string;
  scale: ScoreScaleColumn;
  isDemo: boolean;
  reviewCount: number;
}

/** The outlet directory, A-Z, with each outlet's published review count. */
export async function listOutlets(db: Kysely<Database>, pageNumber: number): Promise<{ outlets: OutletListItem[]; total: number; pageCount: number }> {
  const [rows, count] = await Promise.all([
    sql<OutletListItem>`
      select o.id, o.slug, o.name, o.score_scale as scale, o.is_demo as "isDemo",
        (select count(*)::int from public.critic_reviews r
          where r.outlet_id = o.id and r.kind = 'review' and r.published_at <= now()) as "reviewCount"
      from public.outlets o
      order by lower(o.name), o.id
      limit ${OUTLETS_PAGE_SIZE} offset ${(pageNumber - 1) * OUTLETS_PAGE_SIZE}
    `.execute(db),
    db.selectFrom('outlets').select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { outlets: rows.rows, total: count.total, pageCount: pageCount(count.total, OUTLETS_PAGE_SIZE) };
}

export interface OutletDetail {
  id: number;
  slug: string;
  name: string;
  websiteUrl: string | null;
  logoUrl: string | null;
  description: string;
  scale: ScoreScaleColumn;
  threshold: number;
  isDemo: boolean;
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

export interface OutletStats {
  reviewCount: number;
  scoredCount: number;
  averageScore: number | null;
  recommendedCount: number;
  previewCount: number;
  bandCounts: Record<ScoreBandKey, number>;
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

export interface OutletAuthor {
  id: number;
  name: string;
  slug: string;
  role: string;
  isDemo: boolean;
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
