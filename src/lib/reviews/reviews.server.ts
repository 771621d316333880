import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { pageCount } from '../navigation/pagination.ts';
import { emptyBandCounts } from '../scores/scores.ts';
import {
  BEST_REVIEWED_PAGE_SIZE,
  GAME_REVIEWS_PAGE_SIZE,
  LATEST_REVIEWS_PAGE_SIZE,
  type CriticSummary,
  type GameReviewsParams,
  type RankedGame,
  type RankedPage,
  type ReviewItem,
  type ReviewPage,
} from './reviews.ts';

/**
 * Critic review queries. Every query here shows only published reviews
 * (published_at <= now()): an embargoed review exists for nobody but its outlet.
 */

export function emptySummary(): CriticSummary {
  return {
    reviewCount: 0,
    scoredCount: 0,
    scoreSum: 0,
    recommendedCount: 0,
    previewCount: 0,
    bandCounts: emptyBandCounts(),
    criticScore: null,
    recommendPercent: null,
  };
}

export async function criticSummary(db: Kysely<Database>, gameId: number): Promise<CriticSummary> {
  const row = await db.selectFrom('game_critic_stats').selectAll().where('game_id', '=', gameId).executeTakeFirst();
  if (!row) return emptySummary();
  return {
    reviewCount: row.review_count,
    scoredCount: row.scored_count,
    scoreSum: row.score_sum,
    recommendedCount: row.recommended_count,
    previewCount: row.preview_count,
    bandCounts: {
      acclaimed: row.acclaimed_count,
      favourable: row.favourable_count,
      mixed: row.mixed_count,
      unfavourable: row.unfavourable_count,
      panned: row.panned_count,
    },
    criticScore: row.critic_score,
    recommendPercent: row.recommend_percent,
  };
}

type ReviewQuery = SelectQueryBuilder<Database, 'critic_reviews', object>;

/** Review rows with their outlet, author, platform and game, published only. */
function reviewItems(db: Kysely<Database>) {
  return db
    .selectFrom('critic_reviews')
    .innerJoin('outlets', 'outlets.id', 'critic_reviews.outlet_id')
    .innerJoin('games', 'games.id', 'critic_reviews.game_id')
    .leftJoin('authors', 'authors.id', 'critic_reviews.author_id')
    .leftJoin('platforms', 'platforms.id', 'critic_reviews.platform_id')
    .select([
      'critic_reviews.id',
      'critic_reviews.kind',
      'critic_reviews.score_scale as scale',
      'critic_reviews.raw_score as rawScore',
      'critic_reviews.score',
      'critic_reviews.recommended',
      'critic_reviews.verdict',
      'critic_reviews.excerpt',
      'critic_reviews.url',
      'critic_reviews.published_at as publishedAt',
      'platforms.name as platformName',
      'platforms.slug as platformSlug',
      'outlets.slug as outletSlug',
      'outlets.name as outletName',
      'outlets.is_demo as outletIsDemo',
      'authors.id as authorId',
      'authors.name as authorName',
      'authors.slug as authorSlug',
      'games.slug as gameSlug',
      'games.title as gameTitle',
    ])
    .where('critic_reviews.published_at', '<=', sql<Date>`now()`);
}

/** The latest published reviews (or previews) of a game. */
export function latestGameReviews(db: Kysely<Database>, gameId: number, kind: 'review' | 'preview', limit: number): Promise<ReviewItem[]> {
  return reviewItems(db)
    .where('critic_reviews.game_id', '=', gameId)
    .where('critic_reviews.kind', '=', kind)
    .orderBy('critic_reviews.published_at', 'desc')
    .orderBy('critic_reviews.id', 'desc')
    .limit(limit)
    .execute();
}

/** Every published review of a game, sorted and filtered as the reviews page asks. */
export async function listGameReviews(db: Kysely<Database>, gameId: number, params: GameReviewsParams): Promise<ReviewPage> {
  let query = reviewItems(db).where('critic_reviews.game_id', '=', gameId).where('critic_reviews.kind', '=', 'review');
  if (params.platform) query = query.where('platforms.slug', '=', params.platform);
  let counted = db
    .selectFrom('critic_reviews')
    .leftJoin('platforms', 'platforms.id', 'critic_reviews.platform_id')
    .select(sql<number>`count(*)::int`.as('total'))
    .where('critic_reviews.game_id', '=', gameId)
    .where('critic_reviews.kind', '=', 'review')
    .where('critic_reviews.published_at', '<=', sql<Date>`now()`);
  if (params.platform) counted = counted.where('platforms.slug', '=', params.platform);

  switch (params.sort) {
    case 'score-desc':
      query = query.orderBy('critic_reviews.score', (ob) => ob.desc().nullsLast()).orderBy(sql`lower(outlets.name)`);
      break;
    case 'score-asc':
      query = query.orderBy('critic_reviews.score', (ob) => ob.asc().nullsLast()).orderBy(sql`lower(outlets.name)`);
      break;
    case 'newest':
      query = query.orderBy('critic_reviews.published_at', 'desc');
      break;
    case 'oldest':
      query = query.orderBy('critic_reviews.published_at', 'asc');
      break;
    case 'outlet':
      query = query.orderBy(sql`lower(outlets.name)`);
      break;
  }
  const [reviews, count] = await Promise.all([
    query
      .orderBy('critic_reviews.id')
      .limit(GAME_REVIEWS_PAGE_SIZE)
      .offset((params.page - 1) * GAME_REVIEWS_PAGE_SIZE)
      .execute(),
    counted.executeTakeFirstOrThrow(),
  ]);
  return { reviews, total: count.total, page: params.page, pageCount: pageCount(count.total, GAME_REVIEWS_PAGE_SIZE) };
}

/** Platforms that a game's published reviews were played on (the reviews page filter). */
export function reviewedPlatforms(db: Kysely<Database>, gameId: number): Promise<{ slug: string; name: string }[]> {
  return db
    .selectFrom('critic_reviews')
    .innerJoin('platforms', 'platforms.id', 'critic_reviews.platform_id')
    .select(['platforms.slug', 'platforms.name'])
    .distinct()
    .where('critic_reviews.game_id', '=', gameId)
    .where('critic_reviews.kind', '=', 'review')
    .where('critic_reviews.published_at', '<=', sql<Date>`now()`)
    .orderBy('platforms.name')
    .execute();
}

/** A game's published previews, newest first. */
export async function listGamePreviews(db: Kysely<Database>, gameId: number, pageNumber: number): Promise<ReviewPage> {
  const base = (q: ReviewQuery) => q.where('critic_reviews.game_id', '=', gameId).where('critic_reviews.kind', '=', 'preview');
  const [reviews, count] = await Promise.all([
    reviewItems(db)
      .where('critic_reviews.game_id', '=', gameId)
      .where('critic_reviews.kind', '=', 'preview')
      .orderBy('critic_reviews.published_at', 'desc')
      .orderBy('critic_reviews.id', 'desc')
      .limit(GAME_REVIEWS_PAGE_SIZE)
      .offset((pageNumber - 1) * GAME_REVIEWS_PAGE_SIZE)
      .execute(),
    base(db.selectFrom('critic_reviews') as ReviewQuery)
      .select(sql<number>`count(*)::int`.as('total'))
      .where('critic_reviews.published_at', '<=', sql<Date>`now()`)
      .executeTakeFirstOrThrow(),
  ]);
  return { reviews, total: count.total, page: pageNumber, pageCount: pageCount(count.total, GAME_REVIEWS_PAGE_SIZE) };
}

/**
 * The latest published reviews across the site. Counting a million reviews for the page
 * count would cost more than the page itself, so the count stops at the pages that
 * exist within MAX_LATEST_PAGES.
 */
export const MAX_LATEST_PAGES = 100;

export async function latestReviews(db: Kysely<Database>, pageNumber: number, pageSize = LATEST_REVIEWS_PAGE_SIZE): Promise<ReviewPage> {
  const cap = MAX_LATEST_PAGES * pageSize;
  const [reviews, count] = await Promise.all([
    reviewItems(db)
      .where('critic_reviews.kind', '=', 'review')
      .orderBy('critic_reviews.published_at', 'desc')
      .orderBy('critic_reviews.id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    sql<{ total: number }>`
      select count(*)::int as total from (
        select 1 from public.critic_reviews
        where kind = 'review' and published_at <= now()
        order by published_at desc, id desc
        limit ${cap}
      ) capped
    `.execute(db),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return { reviews, total, page: pageNumber, pageCount: pageCount(total, pageSize) };
}

/** Reviews by one author or one outlet, newest first. */
export async function reviewsBy(
  db: Kysely<Database>,
  who: { authorId: number } | { outletId: number },
  pageNumber: number,
  pageSize = LATEST_REVIEWS_PAGE_SIZE,
): Promise<ReviewPage> {
  const column = 'authorId' in who ? ('critic_reviews.author_id' as const) : ('critic_reviews.outlet_id' as const);
  const id = 'authorId' in who ? who.authorId : who.outletId;
  const [reviews, count] = await Promise.all([
    reviewItems(db)
      .where(column, '=', id)
      .orderBy('critic_reviews.published_at', 'desc')
      .orderBy('critic_reviews.id', 'desc')
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize)
      .execute(),
    db
      .selectFrom('critic_reviews')
      .select(sql<number>`count(*)::int`.as('total'))
      .where(column, '=', id)
      .where('critic_reviews.published_at', '<=', sql<Date>`now()`)
      .executeTakeFirstOrThrow(),
  ]);
  return { reviews, total: count.total, page: pageNumber, pageCount: pageCount(count.total, pageSize) };
}

/** Best-reviewed games (critic score shown), optionally of one genre and one release year. */
export async function bestReviewed(
  db: Kysely<Database>,
  filter: { genreId?: number | undefined; year?: number | undefined },
  pageNumber: number,
): Promise<RankedPage> {
  let base = db
    .selectFrom('game_critic_stats')
    .innerJoin('games', 'games.id', 'game_critic_stats.game_id')
    .where('game_critic_stats.critic_score', 'is not', null);
  if (filter.genreId !== undefined) {
    const genreId = filter.genreId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('game_genres')
          .select(sql`1`.as('one'))
          .whereRef('game_genres.game_id', '=', 'games.id')
          .where('game_genres.genre_id', '=', genreId),
      ),
    );
  }
  if (filter.year !== undefined) {
    base = base
      .where('games.release_date', '>=', `${filter.year}-01-01`)
      .where('games.release_date', '<=', `${filter.year}-12-31`);
  }
  const [games, count] = await Promise.all([
    base
      .select([
        'games.id',
        'games.slug',
        'games.title',
        'games.release_date as releaseDate',
        'games.cover_image_url as coverImageUrl',
        sql<number>`game_critic_stats.critic_score`.as('criticScore'),
        'game_critic_stats.scored_count as scoredCount',
        'game_critic_stats.review_count as reviewCount',
        'game_critic_stats.recommend_percent as recommendPercent',
      ])
      .orderBy('game_critic_stats.critic_score', 'desc')
      .orderBy('game_critic_stats.scored_count', 'desc')
      .orderBy('games.id')
      .limit(BEST_REVIEWED_PAGE_SIZE)
      .offset((pageNumber - 1) * BEST_REVIEWED_PAGE_SIZE)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { games, total: count.total, page: pageNumber, pageCount: pageCount(count.total, BEST_REVIEWED_PAGE_SIZE) };
}

/** Release years that have at least one scored game of a genre, newest first. */
export async function scoredYears(db: Kysely<Database>, genreId: number): Promise<number[]> {
  const rows = await sql<{ year: number }>`
    select distinct extract(year from g.release_date)::int as year
    from public.game_critic_stats s
    join public.games g on g.id = s.game_id
    join public.game_genres gg on gg.game_id = g.id and gg.genre_id = ${genreId}
    where s.critic_score is not null and g.release_date is not null
    order by year desc
  `.execute(db);
  return rows.rows.map((row) => row.year);
}

/**
 * "Top-rated recent releases": among the `window` most recently released games that have
 * a critic score, the best `limit` by score.
 */
export async function topRatedRecent(db: Kysely<Database>, today: string, limit = 6, window = 48): Promise<RankedGame[]> {
  const rows = await sql<RankedGame>`
    select * from (
      select g.id, g.slug, g.title, g.release_date as "releaseDate", g.cover_image_url as "coverImageUrl",
        s.critic_score as "criticScore", s.scored_count as "scoredCount", s.review_count as "reviewCount",
        s.recommend_percent as "recommendPercent"
      from public.games g
      join public.game_critic_stats s on s.game_id = g.id and s.critic_score is not null
      where g.release_date <= ${today}::date
      order by g.release_date desc nulls last, g.id desc
      limit ${window}
    ) recent
    order by "criticScore" desc, "scoredCount" desc, id
    limit ${limit}
  `.execute(db);
  return rows.rows;
}
