import { sql, type Kysely, type Transaction } from 'kysely';
import { recordActivity, retractActivity } from '../activity/activity.server.ts';
import { canUseFeature, TIER_LABELS, type Tier } from '../auth/tiers.ts';
import type { Database } from '../db/schema.ts';
import { paginate, countRows } from '../navigation/pagination.server.ts';
import type { Paged } from '../navigation/pagination.ts';
import {
  isReleased,
  USER_REVIEW_LIMITS,
  USER_REVIEW_MESSAGES,
  userScoreOf,
  type ReportReason,
  type ReviewListQuery,
  type UserReviewInput,
  type UserReviewPatch,
  type ReviewWindowView,
  type UserReviewView,
  type UserScore,
} from './user-reviews.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

export type { UserReviewView };

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type UserReviewRefusal =
  | { kind: 'not-found'; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'premium'; message: string; plan: string }
  | { kind: 'unprocessable'; message: string }
  | { kind: 'conflict'; message: string };

export type UserReviewWrite<T> = { ok: true; value: T; gameSlug: string } | { ok: false; refusal: UserReviewRefusal };

const refuse = <T>(refusal: UserReviewRefusal): UserReviewWrite<T> => ({ ok: false, refusal });
const NOT_FOUND: UserReviewRefusal = { kind: 'not-found', message: USER_REVIEW_MESSAGES.reviewNotFound };
const notFound = <T>() => refuse<T>(NOT_FOUND);


/** The plan that unlocks writing reviews, named in refusals and in the upsell. */
export const REVIEW_PLAN = TIER_LABELS.premium;

function premiumRefusal(): UserReviewRefusal {
  return { kind: 'premium', message: USER_REVIEW_MESSAGES.premiumOnly, plan: REVIEW_PLAN };
}

/** The same rule as the premium-only route guard, for the API. */
export function mayWriteReviews(tier: Tier): boolean {
  return canUseFeature(tier, 'userReviews');
}

const reviewColumns = (db: Db | Trx) =>
  db
    .selectFrom('user_reviews as r')
    .innerJoin('profiles as p', 'p.id', 'r.user_id')
    .leftJoin('platforms as pl', 'pl.id', 'r.platform_id')
    .select([
      'r.id',
      'r.user_id',
      'p.username',
      'p.full_name',
      'p.avatar_url',
      'r.game_id',
      'r.rating',
      'r.title',
      'r.body',
      'r.spoiler',
      'r.platform_id',
      'pl.name as platform_name',
      'r.hours_played',
      'r.finished',
      'r.helpful_count',
      'r.counted',
      'r.created_at',
      'r.edited_at',
    ])
    .where('r.hidden', '=', false);

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewColumns>['executeTakeFirstOrThrow']>>;

function toView(row: ReviewRow): UserReviewView {
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    fullName: row.full_name,
    avatarUrl: row.avatar_url,
    gameId: row.game_id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    spoiler: row.spoiler,
    platformId: row.platform_id,
    platformName: row.platform_name,
    hoursPlayed: row.hours_played === null ? null : Number(row.hours_played),
    finished: row.finished,
    helpfulCount: row.helpful_count,
    counted: row.counted,
    createdAt: row.created_at,
    editedAt: row.edited_at,
  };
}

const reviewIdOf = (id: string): string | null => (/^[1-9][0-9]{0,17}$/.test(id) ? id : null);

/** Publishes the caller's review of a game (Premium only; released games only). */
export async function createUserReview(
  db: Db,
  userId: string,
  tier: Tier,
  input: UserReviewInput,
  now: Date = new Date(),
): Promise<UserReviewWrite<UserReviewView>> {
  if (!mayWriteReviews(tier)) return refuse(premiumRefusal());
  const game = await db.selectFrom('games').select(['id', 'slug', 'release_date']).where('id', '=', input.gameId).executeTakeFirst();
  if (!game) return refuse({ kind: 'not-found', message: USER_REVIEW_MESSAGES.gameNotFound });
  if (!isReleased(game.release_date, now)) return refuse({ kind: 'unprocessable', message: USER_REVIEW_MESSAGES.unreleased });
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('user_reviews')
      .values({
        user_id: userId,
        game_id: game.id,
        rating: input.rating,
        title: input.title,
        body: input.body,
        spoiler: input.spoiler,
        platform_id: input.platformId,
        hours_played: input.hoursPlayed === null ? null : String(input.hoursPlayed),
        finished: input.finished,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return refuse<UserReviewView>({ kind: 'conflict', message: USER_REVIEW_MESSAGES.alreadyReviewed });
    await recordActivity(trx, {
      actorId: userId,
      kind: 'review_published',
      subjectType: 'user_review',
      subjectId: inserted.id,
      gameId: game.id,
      data: { rating: input.rating },
      isPublic: true,
      dedupeKey: `review:${inserted.id}`,
    });
    const view = toView(await reviewColumns(trx).where('r.id', '=', inserted.id).executeTakeFirstOrThrow());
    return { ok: true as const, value: view, gameSlug: game.slug };
  });
}

async function ownReview(
  trx: Trx,
  userId: string,
  id: string,
): Promise<{ refusal: UserReviewRefusal } | { row: { id: string; user_id: string; game_id: number; slug: string } }> {
  const reviewId = reviewIdOf(id);
  if (!reviewId) return { refusal: NOT_FOUND };
  const row = await trx
    .selectFrom('user_reviews as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .select(['r.id', 'r.user_id', 'r.game_id', 'g.slug'])
    .where('r.id', '=', reviewId)
    .forUpdate('r')
    .executeTakeFirst();
  if (!row) return { refusal: NOT_FOUND };
  if (row.user_id !== userId) return { refusal: { kind: 'forbidden', message: USER_REVIEW_MESSAGES.notYours } };
  return { row };
}

/** Changes the caller's own review; the edited mark is set. Still Premium only. */
export async function updateUserReview(
  db: Db,
  userId: string,
  tier: Tier,
  id: string,
  patch: UserReviewPatch,
  now: Date = new Date(),
): Promise<UserReviewWrite<UserReviewView>> {
  return db.transaction().execute(async (trx) => {
    const own = await ownReview(trx, userId, id);
    if ('refusal' in own) return refuse<UserReviewView>(own.refusal);
    if (!mayWriteReviews(tier)) return refuse<UserReviewView>(premiumRefusal());
    const values: Record<string, unknown> = { edited_at: now };
    if (patch.rating !== undefined) values.rating = patch.rating;
    if (patch.title !== undefined) values.title = patch.title;
    if (patch.body !== undefined) values.body = patch.body;
    if (patch.spoiler !== undefined) values.spoiler = patch.spoiler;
    if (patch.platformId !== undefined) values.platform_id = patch.platformId;
    if (patch.hoursPlayed !== undefined) values.hours_played = patch.hoursPlayed === null ? null : String(patch.hoursPlayed);
    if (patch.finished !== undefined) values.finished = patch.finished;
    await trx.updateTable('user_reviews').set(values).where('id', '=', own.row.id).execute();
    if (patch.rating !== undefined) {
      // The feed shows the current rating; a re-record of the once-only event is a duplicate.
      await trx
        .updateTable('activity_events')
        .set({ data: sql`jsonb_build_object('rating', ${patch.rating}::int)` })
        .where('kind', '=', 'review_published')
        .where('actor_id', '=', userId)
        .where('dedupe_key', '=', `review:${own.row.id}`)
        .execute();
    }
    const view = toView(await reviewColumns(trx).where('r.id', '=', own.row.id).executeTakeFirstOrThrow());
    return { ok: true as const, value: view, gameSlug: own.row.slug };
  });
}

/** Deletes the caller's own review: gone from every score in the same transaction. */
export async function deleteUserReview(db: Db, userId: string, id: string): Promise<UserReviewWrite<null>> {
  return db.transaction().execute(async (trx) => {
    const own = await ownReview(trx, userId, id);
    if ('refusal' in own) return refuse<null>(own.refusal);
    // Its helpful votes go with it (cascade): take back what they earned too.
    await retractActivity(trx, { kind: 'review_published', subjectType: 'user_review', subjectId: own.row.id });
    await retractActivity(trx, { kind: 'review_voted_helpful', subjectType: 'user_review', subjectId: own.row.id });
    await trx.deleteFrom('user_reviews').where('id', '=', own.row.id).execute();
    return { ok: true as const, value: null, gameSlug: own.row.slug };
  });
}

async function visibleReview(trx: Trx, id: string) {
  const reviewId = reviewIdOf(id);
  if (!reviewId) return undefined;
  return trx
    .selectFrom('user_reviews as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .select(['r.id', 'r.user_id', 'r.game_id', 'g.slug'])
    .where('r.id', '=', reviewId)
    .where('r.hidden', '=', false)
    .executeTakeFirst();
}

/** Votes a review helpful (once per user; never one's own). Returns the new count. */
export async function voteHelpful(db: Db, userId: string, id: string, helpful: boolean): Promise<UserReviewWrite<{ helpfulCount: number; voted: boolean }>> {
  return db.transaction().execute(async (trx) => {
    const review = await visibleReview(trx, id);
    if (!review) return notFound();
    if (review.user_id === userId) return refuse({ kind: 'forbidden', message: USER_REVIEW_MESSAGES.ownVote });
    if (helpful) {
      const added = await trx
        .insertInto('user_review_votes')
        .values({ review_id: review.id, user_id: userId })
        .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
        .returning('review_id')
        .executeTakeFirst();
      if (added) {
        await recordActivity(trx, {
          actorId: userId,
          kind: 'review_voted_helpful',
          subjectType: 'user_review',
          subjectId: review.id,
          targetUserId: review.user_id,
          gameId: review.game_id,
          isPublic: false,
          dedupeKey: `review:${review.id}`,
        });
      }
    } else {
      const removed = await trx
        .deleteFrom('user_review_votes')
        .where('review_id', '=', review.id)
        .where('user_id', '=', userId)
        .returning('review_id')
        .executeTakeFirst();
      if (removed) {
        await retractActivity(trx, { subjectType: 'user_review', subjectId: review.id, actorId: userId, kind: 'review_voted_helpful' });
      }
    }
    const row = await trx.selectFrom('user_reviews').select('helpful_count').where('id', '=', review.id).executeTakeFirstOrThrow();
    return { ok: true as const, value: { helpfulCount: row.helpful_count, voted: helpful }, gameSlug: review.slug };
  });
}

/** Files a report for the moderation queue (once per user per review). */
export async function reportReview(
  db: Db,
  userId: string,
  id: string,
  report: { reason: ReportReason; details: string | null },
): Promise<UserReviewWrite<{ reported: true }>> {
  return db.transaction().execute(async (trx) => {
    const review = await visibleReview(trx, id);
    if (!review) return notFound();
    const added = await trx
      .insertInto('user_review_reports')
      .values({ review_id: review.id, reporter_id: userId, reason: report.reason, details: report.details })
      .onConflict((oc) => oc.columns(['review_id', 'reporter_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!added) return refuse({ kind: 'conflict', message: USER_REVIEW_MESSAGES.alreadyReported });
    return { ok: true as const, value: { reported: true as const }, gameSlug: review.slug };
  });
}

// Reading ----------------------------------------------------------------------------------

export async function gameUserScore(db: Db, gameId: number): Promise<UserScore> {
  const row = await db
    .selectFrom('game_user_scores')
    .select(['review_count', 'rating_count', 'rating_sum', 'rating_steps'])
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return userScoreOf(row);
}


/** Windows whose reviews are not counted now (flagged or confirmed). */
export async function activeWindows(db: Db, gameId: number): Promise<ReviewWindowView[]> {
  const rows = await db
    .selectFrom('user_review_windows')
    .select(['id', 'kind', 'starts_at', 'ends_at', 'status'])
    .where('game_id', '=', gameId)
    .where('status', '<>', 'cleared')
    .orderBy('starts_at')
    .execute();
  return rows.map((w) => ({ id: w.id, kind: w.kind, startsAt: w.starts_at, endsAt: w.ends_at, status: w.status }));
}

export async function gameReviewsPage(db: Db, gameId: number, query: ReviewListQuery): Promise<Paged<UserReviewView>> {
  let base = reviewColumns(db).where('r.game_id', '=', gameId);
  if (query.platform) base = base.where('r.platform_id', '=', query.platform);
  if (query.finished) base = base.where('r.finished', '=', true);
  const ordered =
    query.sort === 'newest'
      ? base.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc')
      : query.sort === 'highest'
        ? base.orderBy('r.rating', 'desc').orderBy('r.id', 'desc')
        : query.sort === 'lowest'
          ? base.orderBy('r.rating', 'asc').orderBy('r.id', 'asc')
          : base.orderBy('r.helpful_count', 'desc').orderBy('r.id', 'desc');
  const counted = db
    .selectFrom('user_reviews as r')
    .where('r.game_id', '=', gameId)
    .where('r.hidden', '=', false)
    .$if(query.platform !== undefined, (q) => q.where('r.platform_id', '=', query.platform!))
    .$if(query.finished, (q) => q.where('r.finished', '=', true));
  const page = await paginate(ordered, countRows(counted), { page: query.page, pageSize: USER_REVIEW_LIMITS.pageSize });
  return { ...page, items: page.items.map(toView) };
}

export async function topReviews(db: Db, gameId: number, limit: number = USER_REVIEW_LIMITS.gamePageTop): Promise<UserReviewView[]> {
  const rows = await reviewColumns(db)
    .where('r.game_id', '=', gameId)
    .orderBy('r.helpful_count', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toView);
}

/** Platforms that reviews of a game name (the filter's choices). */
export async function reviewPlatforms(db: Db, gameId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('user_reviews as r')
    .innerJoin('platforms as pl', 'pl.id', 'r.platform_id')
    .select(['pl.id', 'pl.name'])
    .distinct()
    .where('r.game_id', '=', gameId)
    .where('r.hidden', '=', false)
    .orderBy('pl.name')
    .execute();
}

export interface OwnReviewView extends UserReviewView {
  gameSlug: string;
  gameTitle: string;
}

export async function reviewsByUser(db: Db, userId: string, page: number, pageSize: number = USER_REVIEW_LIMITS.pageSize): Promise<Paged<OwnReviewView>> {
  const base = reviewColumns(db).innerJoin('games as g', 'g.id', 'r.game_id').where('r.user_id', '=', userId);
  const ordered = base.select(['g.slug as game_slug', 'g.title as game_title']).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc');
  const total = countRows(db.selectFrom('user_reviews as r').where('r.user_id', '=', userId).where('r.hidden', '=', false));
  const paged = await paginate(ordered, total, { page, pageSize });
  return { ...paged, items: paged.items.map((row) => ({ ...toView(row), gameSlug: row.game_slug, gameTitle: row.game_title })) };
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
  // the game (loadGamePage), a page of reviews, the score, the platforms and the tab counts
  '/games/[slug]/user-reviews': 6,
  '/dashboard/my-reviews': 3,
} as const satisfies QueryBudgets;
