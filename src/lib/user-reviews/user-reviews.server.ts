import { sql, type Expression, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../db/schema.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';
import { countRows, paginate } from '../navigation/pagination.server.ts';
import { pageRange, toPaged, type Paged } from '../navigation/pagination.ts';
import type { GameDetail } from '../games/games.ts';
import { reviewColumns, toView } from './user-review-rows.server.ts';
import { USER_REVIEW_LIMITS, type ReviewListQuery, type UserReviewView } from './user-reviews.ts';

/** The reads of user reviews that pages and the API show; the writes are in user-review-writes.server.ts. */

type Db = Kysely<Database>;

export interface UserReviewsPage {
  listing: Paged<UserReviewView>;
  /** The platforms the game's reviews name (the filter's choices). */
  platforms: { id: number; name: string }[];
}

/**
 * The page of reviews /games/{slug}/user-reviews shows and its filter's platforms, in two
 * statements (on the embedded database each is a round trip): the reviews, and one row with
 * the platforms and, under a filter, its total. The unfiltered total is the kept score's
 * review count, which came with the game; platforms are the kept counts
 * (game_user_review_platforms). Only the "finished" filter counts reviews.
 */
export async function userReviewsPage(
  db: Db,
  game: Pick<GameDetail, 'id' | 'userScore'>,
  query: ReviewListQuery,
): Promise<UserReviewsPage> {
  const request = { page: query.page, pageSize: USER_REVIEW_LIMITS.pageSize };
  const { limit, offset } = pageRange(request);
  const filtered = query.platform !== undefined || query.finished;
  let rows = reviewColumns(db).where('r.game_id', '=', game.id);
  if (query.platform !== undefined) rows = rows.where('r.platform_id', '=', query.platform);
  if (query.finished) rows = rows.where('r.finished', '=', true);
  const ordered =
    query.sort === 'newest'
      ? rows.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc')
      : query.sort === 'highest'
        ? rows.orderBy('r.rating', 'desc').orderBy('r.id', 'desc')
        : query.sort === 'lowest'
          ? rows.orderBy('r.rating', 'asc').orderBy('r.id', 'asc')
          : rows.orderBy('r.helpful_count', 'desc').orderBy('r.id', 'desc');
  const head = db
    .selectFrom('games as g')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('game_user_review_platforms as used')
          .innerJoin('platforms as pl', 'pl.id', 'used.platform_id')
          .select(['pl.id', 'pl.name'])
          .whereRef('used.game_id', '=', 'g.id')
          .where('used.review_count', '>', 0)
          .orderBy('pl.name'),
      ).as('platforms'),
      (query.finished
        ? eb
            .selectFrom('user_reviews as r')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('r.game_id', '=', 'g.id')
            .where('r.hidden', '=', sql.lit(false))
            .where('r.finished', '=', true)
            .$if(query.platform !== undefined, (q) => q.where('r.platform_id', '=', query.platform!))
        : query.platform !== undefined
          ? eb
              .selectFrom('game_user_review_platforms as kept')
              .select('kept.review_count')
              .whereRef('kept.game_id', '=', 'g.id')
              .where('kept.platform_id', '=', query.platform)
          : sql<number>`null::int`
      ).as('filtered_total'),
    ])
    .where('g.id', '=', game.id);
  const [items, summary] = await Promise.all([ordered.limit(limit).offset(offset).execute(), head.executeTakeFirst()]);
  const total = filtered ? (summary?.filtered_total ?? 0) : game.userScore.reviewCount;
  return { listing: toPaged(items.map(toView), total, request), platforms: summary?.platforms ?? [] };
}

/** A game's most helpful visible reviews; the game may be a column of an outer statement (a folded read). */
export function topReviewsQuery(
  db: Db,
  gameId: number | Expression<number>,
  limit: number = USER_REVIEW_LIMITS.gamePageTop,
) {
  return reviewColumns(db)
    .where('r.game_id', '=', gameId)
    .orderBy('r.helpful_count', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit);
}

export interface OwnReviewView extends UserReviewView {
  gameSlug: string;
  gameTitle: string;
}

/** A user's visible reviews with their games, newest first: the dashboard pages them, the profile shows a few. */
function ownReviewRows(db: Db, userId: string) {
  return reviewColumns(db)
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .where('r.user_id', '=', userId)
    .select(['g.slug as game_slug', 'g.title as game_title'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc');
}

const toOwnView = (row: Awaited<ReturnType<ReturnType<typeof ownReviewRows>['execute']>>[number]): OwnReviewView => ({
  ...toView(row),
  gameSlug: row.game_slug,
  gameTitle: row.game_title,
});

export async function reviewsByUser(
  db: Db,
  userId: string,
  page: number,
  pageSize: number = USER_REVIEW_LIMITS.pageSize,
): Promise<Paged<OwnReviewView>> {
  const total = countRows(
    db.selectFrom('user_reviews as r').where('r.user_id', '=', userId).where('r.hidden', '=', sql.lit(false)),
  );
  const paged = await paginate(ownReviewRows(db, userId), total, { page, pageSize });
  return { ...paged, items: paged.items.map(toOwnView) };
}

/** A user's latest reviews, without the count a pager needs (the profile shows a few). */
export async function recentReviewsByUser(db: Db, userId: string, limit: number): Promise<OwnReviewView[]> {
  return (await ownReviewRows(db, userId).limit(sql.lit(limit)).execute()).map(toOwnView);
}

export interface ReviewFormState {
  review: UserReviewView | null;
  /** From the user's play status, when there is one and no review yet. */
  prefill: { platformId: number | null; hoursPlayed: number | null; finished: boolean } | null;
  votedReviewIds: string[];
}

/** What the personal part of a game page needs for the signed-in user. */
export async function reviewFormState(db: Db, userId: string, gameId: number): Promise<ReviewFormState> {
  const [review, status, votes] = await Promise.all([
    reviewColumns(db).where('r.game_id', '=', gameId).where('r.user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('user_games')
      .select(['status', 'platform_id', 'hours_played', 'finished_on'])
      .where('user_id', '=', userId)
      .where('game_id', '=', gameId)
      .executeTakeFirst(),
    db
      .selectFrom('user_review_votes as v')
      .innerJoin('user_reviews as r', 'r.id', 'v.review_id')
      .select('v.review_id')
      .where('v.user_id', '=', userId)
      .where('r.game_id', '=', gameId)
      .execute(),
  ]);
  return {
    review: review ? toView(review) : null,
    prefill: status
      ? {
          platformId: status.platform_id,
          hoursPlayed: status.hours_played === null ? null : Number(status.hours_played),
          finished: status.status === 'completed' || status.finished_on !== null,
        }
      : null,
    votedReviewIds: votes.map((v) => v.review_id),
  };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // the game (loadGamePage), a page of reviews, and userReviewsPage's one summary row
  '/games/[slug]/user-reviews': 3,
  '/dashboard/my-reviews': 3,
} as const satisfies QueryBudgets;
