import { sql, type Kysely, type Transaction } from 'kysely';
import { recordActivity, retractActivity } from '../activity/activity.server.ts';
import { canUseFeature, TIER_LABELS, type Tier } from '../auth/tiers.ts';
import type { Database } from '../db/schema.ts';
import { REVIEW_CARD_COLUMNS, reviewColumns, reviewIdOf, toView } from './user-review-rows.server.ts';
import {
  isReleased,
  USER_REVIEW_MESSAGES,
  type ReportReason,
  type UserReviewInput,
  type UserReviewPatch,
  type UserReviewView,
} from './user-reviews.ts';

/**
 * The writes of user reviews and their votes and reports. Each runs in one transaction;
 * the user score is kept by the database's triggers inside it (see the user_reviews
 * migration), so a write never recounts. The pages' reads are in user-reviews.server.ts.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type UserReviewRefusal =
  | { kind: 'not-found'; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'premium'; message: string; plan: string }
  | { kind: 'unprocessable'; message: string }
  | { kind: 'unknown-platform'; message: string }
  | { kind: 'conflict'; message: string };

export type UserReviewWrite<T> = { ok: true; value: T; gameSlug: string } | { ok: false; refusal: UserReviewRefusal };

const refuse = <T>(refusal: UserReviewRefusal): UserReviewWrite<T> => ({ ok: false, refusal });
const NOT_FOUND: UserReviewRefusal = { kind: 'not-found', message: USER_REVIEW_MESSAGES.reviewNotFound };
const notFound = <T>() => refuse<T>(NOT_FOUND);
const UNKNOWN_PLATFORM: UserReviewRefusal = {
  kind: 'unknown-platform',
  message: USER_REVIEW_MESSAGES.platformNotFound,
};

/** Whether a review may name this platform (none, or one that exists: no input may reach the foreign key). */
async function platformExists(trx: Trx, platformId: number | null): Promise<boolean> {
  if (platformId === null) return true;
  return (await trx.selectFrom('platforms').select('id').where('id', '=', platformId).executeTakeFirst()) !== undefined;
}

/** The plan that unlocks writing reviews, named in refusals and in the upsell. */
const REVIEW_PLAN = TIER_LABELS.premium;

function premiumRefusal(): UserReviewRefusal {
  return { kind: 'premium', message: USER_REVIEW_MESSAGES.premiumOnly, plan: REVIEW_PLAN };
}

/** The same rule as the premium-only route guard, for the API. */
function mayWriteReviews(tier: Tier): boolean {
  return canUseFeature(tier, 'userReviews');
}

/**
 * Inserts the review only when the game exists and is released, and answers with the card's
 * columns, in one statement: on the embedded database every statement is a round trip to
 * its thread, and publishing is the path users wait on. Nothing inserted: see why below.
 */
function insertReview(trx: Trx, userId: string, input: UserReviewInput, now: Date) {
  const today = now.toISOString().slice(0, 10);
  return trx
    .with('ins', (db) =>
      db
        .insertInto('user_reviews')
        .columns([
          'user_id',
          'game_id',
          'rating',
          'title',
          'body',
          'spoiler',
          'platform_id',
          'hours_played',
          'finished',
          'created_at',
        ])
        .expression((eb) =>
          eb
            .selectFrom('games as g')
            .select([
              sql<string>`${userId}::uuid`.as('user_id'),
              'g.id',
              sql<number>`${input.rating}::smallint`.as('rating'),
              sql<string | null>`${input.title}::text`.as('title'),
              sql<string | null>`${input.body}::text`.as('body'),
              sql<boolean>`${input.spoiler}::boolean`.as('spoiler'),
              sql<number | null>`${input.platformId}::integer`.as('platform_id'),
              sql<string | null>`${input.hoursPlayed === null ? null : String(input.hoursPlayed)}::numeric`.as(
                'hours_played',
              ),
              sql<boolean>`${input.finished}::boolean`.as('finished'),
              sql<Date>`${now}::timestamptz`.as('created_at'),
            ])
            .where('g.id', '=', input.gameId)
            .where('g.release_date', '<=', today)
            .$if(input.platformId !== null, (q) =>
              q.where((eb) =>
                eb.exists(
                  eb.selectFrom('platforms').select('platforms.id').where('platforms.id', '=', input.platformId),
                ),
              ),
            ),
        )
        .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
        .returningAll(),
    )
    .selectFrom('ins as r')
    .innerJoin('profiles as p', 'p.id', 'r.user_id')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .leftJoin('platforms as pl', 'pl.id', 'r.platform_id')
    .select([...REVIEW_CARD_COLUMNS, 'g.slug as game_slug'])
    .executeTakeFirst();
}

/** Why insertReview inserted nothing: no such game, not released yet, no such platform, or already reviewed. */
async function publishRefusal(trx: Trx, input: UserReviewInput, now: Date): Promise<UserReviewRefusal> {
  const game = await trx.selectFrom('games').select('release_date').where('id', '=', input.gameId).executeTakeFirst();
  if (!game) return { kind: 'not-found', message: USER_REVIEW_MESSAGES.gameNotFound };
  if (!isReleased(game.release_date, now)) return { kind: 'unprocessable', message: USER_REVIEW_MESSAGES.unreleased };
  if (!(await platformExists(trx, input.platformId))) return UNKNOWN_PLATFORM;
  return { kind: 'conflict', message: USER_REVIEW_MESSAGES.alreadyReviewed };
}

/** Publishes the caller's review of a game (Premium only; released games only). */
export async function createUserReview(
  db: Db,
  userId: string,
  tier: Tier,
  input: UserReviewInput,
  now: Date = new Date(),
): Promise<UserReviewWrite<UserReviewView>> {
  if (!mayWriteReviews(tier)) return refuse(premiumRefusal());
  return db.transaction().execute(async (trx) => {
    const inserted = await insertReview(trx, userId, input, now);
    if (!inserted) return refuse<UserReviewView>(await publishRefusal(trx, input, now));
    await recordActivity(trx, {
      actorId: userId,
      kind: 'review_published',
      subjectType: 'user_review',
      subjectId: inserted.id,
      gameId: inserted.game_id,
      data: { rating: input.rating },
      isPublic: true,
      dedupeKey: `review:${inserted.id}`,
    });
    const { game_slug: gameSlug, ...row } = inserted;
    return { ok: true as const, value: toView(row), gameSlug };
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
    if (patch.platformId !== undefined && !(await platformExists(trx, patch.platformId)))
      return refuse<UserReviewView>(UNKNOWN_PLATFORM);
    const values: Record<string, unknown> = { edited_at: now };
    if (patch.rating !== undefined) values.rating = patch.rating;
    if (patch.title !== undefined) values.title = patch.title;
    if (patch.body !== undefined) values.body = patch.body;
    if (patch.spoiler !== undefined) values.spoiler = patch.spoiler;
    if (patch.platformId !== undefined) values.platform_id = patch.platformId;
    if (patch.hoursPlayed !== undefined)
      values.hours_played = patch.hoursPlayed === null ? null : String(patch.hoursPlayed);
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
export async function voteHelpful(
  db: Db,
  userId: string,
  id: string,
  helpful: boolean,
): Promise<UserReviewWrite<{ helpfulCount: number; voted: boolean }>> {
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
        await retractActivity(trx, {
          subjectType: 'user_review',
          subjectId: review.id,
          actorId: userId,
          kind: 'review_voted_helpful',
        });
      }
    }
    const row = await trx
      .selectFrom('user_reviews')
      .select('helpful_count')
      .where('id', '=', review.id)
      .executeTakeFirstOrThrow();
    return { ok: true as const, value: { helpfulCount: row.helpful_count, voted: helpful }, gameSlug: review.slug };
  });
}

/** Files a report for the moderation queue (once per user per review, never on one's own). */
export async function reportReview(
  db: Db,
  userId: string,
  id: string,
  report: { reason: ReportReason; details: string | null },
): Promise<UserReviewWrite<{ reported: true }>> {
  return db.transaction().execute(async (trx) => {
    const review = await visibleReview(trx, id);
    if (!review) return notFound();
    if (review.user_id === userId) return refuse({ kind: 'forbidden', message: USER_REVIEW_MESSAGES.ownReport });
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
