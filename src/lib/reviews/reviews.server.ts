import { sql, type Expression, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { genreOptions } from '../games/facets.server.ts';
import type { FacetOption } from '../games/facets.ts';
import { toPaged, type PageRequest, type Paged } from '../navigation/pagination.ts';
import { countRows, cutPage, paginate } from '../navigation/pagination.server.ts';
import {
  GAME_REVIEWS_PAGE_SIZE,
  LATEST_REVIEWS_PAGE_SIZE,
  type GameReviewsParams,
  type ReviewItem,
} from './reviews.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

/**
 * Critic review queries. Every query here shows only published reviews
 * (published_at <= now()): an embargoed review exists for nobody but its outlet.
 */

/** Published reviews only: an embargoed review exists for nobody but its outlet. */
function publishedReviews(db: Kysely<Database>) {
  return db.selectFrom('critic_reviews').where('critic_reviews.published_at', '<=', sql<Date>`now()`);
}

/** Review rows with their outlet, author, platform and game, published only. */
export function reviewItems(db: Kysely<Database>) {
  return publishedReviews(db)
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
      'critic_reviews.score_updated_at as scoreUpdatedAt',
      'platforms.name as platformName',
      'platforms.slug as platformSlug',
      'outlets.slug as outletSlug',
      'outlets.name as outletName',
      'outlets.is_demo as outletIsDemo',
      'outlets.logo_url as outletLogoUrl',
      'authors.id as authorId',
      'authors.name as authorName',
      'authors.slug as authorSlug',
      'games.slug as gameSlug',
      'games.title as gameTitle',
    ]);
}

/**
 * A page of review cards, newest first, from an ordered query of published reviews: the
 * page's ids and dates first, read from an index alone, then the cards of those rows
 * only. Cutting the joined cards instead makes PostgreSQL join every row the OFFSET skips:
 * a deep page would look up thousands of games for its 30 cards.
 */
async function reviewCardsPage(
  db: Kysely<Database>,
  reviews: ReturnType<typeof publishedReviews>,
  request: PageRequest,
  total: Promise<number>,
): Promise<Paged<ReviewItem>> {
  const ids = reviews
    .select(['critic_reviews.id', 'critic_reviews.published_at'])
    .orderBy('critic_reviews.published_at', 'desc')
    .orderBy('critic_reviews.id', 'desc');
  const cards = reviewItems(db)
    .innerJoin(cutPage(ids, request).as('page'), 'page.id', 'critic_reviews.id')
    .orderBy('page.published_at', 'desc')
    .orderBy('page.id', 'desc');
  const [items, count] = await Promise.all([cards.execute(), total]);
  return toPaged(items, count, request);
}

/**
 * A game's latest published reviews and previews, each kind newest first and up to its own
 * count, in one statement: the newest ids of each kind (two index range scans), then their
 * cards. The counts are constants of the page, written into the statement so its plan is kept.
 */
/**
 * The newest reviews and the newest previews of a game, newest first, in one statement. The
 * game may be a column of an outer statement (a folded read).
 */
export function latestCoverageQuery(
  db: Kysely<Database>,
  gameId: number | Expression<number>,
  counts: { reviews: number; previews: number },
) {
  const newest = (kind: 'review' | 'preview', limit: number) =>
    publishedReviews(db)
      .select('critic_reviews.id')
      .where('critic_reviews.game_id', '=', gameId)
      .where('critic_reviews.kind', '=', sql.lit(kind))
      .orderBy('critic_reviews.published_at', 'desc')
      .orderBy('critic_reviews.id', 'desc')
      .limit(sql.lit(limit));
  return reviewItems(db)
    .where('critic_reviews.id', 'in', (eb) =>
      eb
        .selectFrom(newest('review', counts.reviews).as('r'))
        .select('r.id')
        .unionAll(eb.selectFrom(newest('preview', counts.previews).as('p')).select('p.id')),
    )
    .orderBy('critic_reviews.published_at', 'desc')
    .orderBy('critic_reviews.id', 'desc');
}

export function splitCoverage(rows: ReviewItem[]): { reviews: ReviewItem[]; previews: ReviewItem[] } {
  return {
    reviews: rows.filter((row) => row.kind === 'review'),
    previews: rows.filter((row) => row.kind === 'preview'),
  };
}

/** Every published review of a game, sorted and filtered as the reviews page asks. */
export async function listGameReviews(
  db: Kysely<Database>,
  gameId: number,
  params: GameReviewsParams,
): Promise<Paged<ReviewItem>> {
  let query = reviewItems(db).where('critic_reviews.game_id', '=', gameId).where('critic_reviews.kind', '=', 'review');
  let counted = publishedReviews(db)
    .leftJoin('platforms', 'platforms.id', 'critic_reviews.platform_id')
    .where('critic_reviews.game_id', '=', gameId)
    .where('critic_reviews.kind', '=', 'review');
  if (params.platform) {
    query = query.where('platforms.slug', '=', params.platform);
    counted = counted.where('platforms.slug', '=', params.platform);
  }
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
  return paginate(query.orderBy('critic_reviews.id'), countRows(counted), {
    page: params.page,
    pageSize: GAME_REVIEWS_PAGE_SIZE,
  });
}

/** Platforms that a game's published reviews were played on (the reviews page filter). */
export function reviewedPlatforms(db: Kysely<Database>, gameId: number): Promise<{ slug: string; name: string }[]> {
  return publishedReviews(db)
    .innerJoin('platforms', 'platforms.id', 'critic_reviews.platform_id')
    .select(['platforms.slug', 'platforms.name'])
    .distinct()
    .where('critic_reviews.game_id', '=', gameId)
    .where('critic_reviews.kind', '=', 'review')
    .orderBy('platforms.name')
    .execute();
}

/** A game's published previews, newest first. */
export function listGamePreviews(db: Kysely<Database>, gameId: number, page: number): Promise<Paged<ReviewItem>> {
  const previews = (query: ReturnType<typeof publishedReviews>) =>
    query.where('critic_reviews.game_id', '=', gameId).where('critic_reviews.kind', '=', 'preview');
  return paginate(
    reviewItems(db)
      .where('critic_reviews.game_id', '=', gameId)
      .where('critic_reviews.kind', '=', 'preview')
      .orderBy('critic_reviews.published_at', 'desc')
      .orderBy('critic_reviews.id', 'desc'),
    countRows(previews(publishedReviews(db))),
    { page, pageSize: GAME_REVIEWS_PAGE_SIZE },
  );
}

/**
 * The latest published reviews across the site. Counting a million reviews for the page
 * count would cost more than the page itself, so the count stops at the pages that
 * exist within MAX_LATEST_PAGES.
 */
export const MAX_LATEST_PAGES = 100;

async function cappedReviewCount(db: Kysely<Database>, cap: number): Promise<number> {
  const result = await sql<{ total: number }>`
    select count(*)::int as total from (
      select 1 from public.critic_reviews
      where kind = 'review' and published_at <= now()
      order by published_at desc, id desc
      limit ${sql.lit(cap)}
    ) capped
  `.execute(db);
  return result.rows[0]?.total ?? 0;
}

export function latestReviews(
  db: Kysely<Database>,
  page: number,
  pageSize = LATEST_REVIEWS_PAGE_SIZE,
): Promise<Paged<ReviewItem>> {
  return reviewCardsPage(
    db,
    // A literal kind: the index that orders every review by date is partial (`where kind = 'review'`).
    publishedReviews(db).where('critic_reviews.kind', '=', sql.lit('review')),
    { page, pageSize },
    cappedReviewCount(db, MAX_LATEST_PAGES * pageSize),
  );
}

/**
 * Reviews by one author or one outlet, newest first. `total` is their number when the
 * caller already has it (an outlet's kept numbers), which saves counting them again.
 */
export function reviewsBy(
  db: Kysely<Database>,
  who: { authorId: number } | { outletId: number },
  page: number,
  pageSize = LATEST_REVIEWS_PAGE_SIZE,
  total?: number,
): Promise<Paged<ReviewItem>> {
  const column = 'authorId' in who ? ('critic_reviews.author_id' as const) : ('critic_reviews.outlet_id' as const);
  const id = 'authorId' in who ? who.authorId : who.outletId;
  return reviewCardsPage(
    db,
    publishedReviews(db).where(column, '=', id),
    { page, pageSize },
    total === undefined ? countRows(publishedReviews(db).where(column, '=', id)) : Promise.resolve(total),
  );
}

/** /reviews: a page of the latest reviews, and the genres to see the best reviewed of. */
export async function latestReviewsPage(
  db: Kysely<Database>,
  page: number,
): Promise<{ listing: Paged<ReviewItem>; genres: FacetOption[] }> {
  const [listing, genres] = await Promise.all([latestReviews(db, page), genreOptions(db)]);
  return { listing, genres };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/reviews': 3,
} as const satisfies QueryBudgets;
