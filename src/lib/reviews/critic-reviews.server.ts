import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  CRITIC_REVIEW_MESSAGES as MESSAGES,
  criticReviewIdSchema,
  criticReviewScoreProblem,
  type CriticReviewInput,
  type CriticReviewPatch,
  type CriticReviewRefusal,
  type CriticReviewWrite,
} from './critic-reviews.ts';

/**
 * Critic review writes for an outlet's owner. Each checks who is writing (only the
 * outlet's owner may), what is written (the outlet's scale, its authors, the platform),
 * writes, and says what changed; the database keeps the game's aggregate in step
 * (triggers) and refuses a second review of a game by one outlet.
 */

type Db = Kysely<Database>;

const refuse = (kind: CriticReviewRefusal['kind'], message: string) => ({
  ok: false as const,
  refusal: { kind, message },
});

/** Is `userId` one of the outlet's owners (outlet_owners; outlets.owner_id is mirrored there)? */
const isOwner = async (db: Db, outletId: number, userId: string) =>
  (await db
    .selectFrom('outlet_owners')
    .select('user_id')
    .where('outlet_id', '=', outletId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

const isOneReviewPerOutlet = (error: unknown) => /critic_reviews_one_review_per_outlet/.test(String(error));

export interface PublishedReview {
  id: string;
  score: number | null;
  recommended: boolean | null;
  publishedAt: Date;
}

/** Publishes a review (or schedules it, with a future publishedAt) for the outlet `userId` owns. */
export async function createCriticReview(
  db: Db,
  userId: string,
  input: CriticReviewInput,
): Promise<CriticReviewWrite<PublishedReview>> {
  const outlet = await db
    .selectFrom('outlets')
    .select(['id', 'slug', 'owner_id', 'score_scale'])
    .where('slug', '=', input.outlet)
    .executeTakeFirst();
  if (!outlet) return refuse('not-found', MESSAGES.noOutlet);
  if (!(await isOwner(db, outlet.id, userId))) return refuse('forbidden', MESSAGES.notOwner);
  const game = await db.selectFrom('games').select(['id', 'slug']).where('slug', '=', input.game).executeTakeFirst();
  if (!game) return refuse('not-found', MESSAGES.noGame);
  const problem = criticReviewScoreProblem(outlet.score_scale, input);
  if (problem) return refuse('invalid-score', problem);
  if (input.authorId !== null) {
    const member = await db
      .selectFrom('outlet_authors')
      .select('author_id')
      .where('outlet_id', '=', outlet.id)
      .where('author_id', '=', input.authorId)
      .executeTakeFirst();
    if (!member) return refuse('invalid', MESSAGES.notAnAuthor);
  }
  const platform = input.platform
    ? await db.selectFrom('platforms').select('id').where('slug', '=', input.platform).executeTakeFirst()
    : undefined;
  if (input.platform && !platform) return refuse('invalid', MESSAGES.unknownPlatform);

  try {
    const row = await db
      .insertInto('critic_reviews')
      .values({
        game_id: game.id,
        outlet_id: outlet.id,
        author_id: input.authorId,
        kind: input.kind,
        score_scale: outlet.score_scale,
        raw_score: input.rawScore,
        // A scored review's recommendation follows from its score (the database sets it).
        recommended: input.rawScore === null ? input.recommended : null,
        verdict: input.verdict,
        excerpt: input.excerpt,
        url: input.url,
        platform_id: platform?.id ?? null,
        published_at: input.publishedAt ?? sql<Date>`now()`,
      })
      .returning(['id', 'score', 'recommended', 'published_at'])
      .executeTakeFirstOrThrow();
    return {
      ok: true,
      value: { id: row.id, score: row.score, recommended: row.recommended, publishedAt: new Date(row.published_at) },
      change: { gameSlugs: [game.slug], outletSlug: outlet.slug, authorIds: [input.authorId] },
    };
  } catch (error) {
    if (isOneReviewPerOutlet(error)) return refuse('conflict', MESSAGES.alreadyReviewed);
    throw error;
  }
}

/** A review with what the checks and the purge need: its outlet's owner, game and author. */
async function findOwnedReview(db: Db, id: string) {
  if (!criticReviewIdSchema.safeParse(id).success) return undefined;
  return db
    .selectFrom('critic_reviews')
    .innerJoin('outlets', 'outlets.id', 'critic_reviews.outlet_id')
    .innerJoin('games', 'games.id', 'critic_reviews.game_id')
    .select([
      'critic_reviews.id',
      'critic_reviews.kind',
      'critic_reviews.score_scale as scale',
      'critic_reviews.raw_score as rawScore',
      'critic_reviews.recommended',
      'critic_reviews.author_id as authorId',
      'outlets.id as outletId',
      'outlets.slug as outletSlug',
      'games.slug as gameSlug',
    ])
    .where('critic_reviews.id', '=', id)
    .executeTakeFirst();
}

/** Changes what `patch` gives of review `id`, if `userId` owns its outlet. */
export async function updateCriticReview(
  db: Db,
  userId: string,
  id: string,
  patch: CriticReviewPatch,
): Promise<CriticReviewWrite<{ id: string }>> {
  const review = await findOwnedReview(db, id);
  if (!review) return refuse('not-found', MESSAGES.noReview);
  // Only the outlet's owners learn a review's id exists (a scheduled one is embargoed): others get the missing review's answer.
  if (!(await isOwner(db, review.outletId, userId))) return refuse('not-found', MESSAGES.noReview);
  const next = {
    kind: review.kind,
    rawScore: patch.rawScore === undefined ? review.rawScore : patch.rawScore,
    recommended: patch.recommended === undefined ? review.recommended : patch.recommended,
  };
  const problem = criticReviewScoreProblem(review.scale, next);
  if (problem) return refuse('invalid-score', problem);
  await db
    .updateTable('critic_reviews')
    .set({
      ...(patch.rawScore !== undefined ? { raw_score: patch.rawScore } : {}),
      ...(patch.recommended !== undefined || patch.rawScore !== undefined
        ? { recommended: next.rawScore === null ? next.recommended : null }
        : {}),
      ...(patch.verdict !== undefined ? { verdict: patch.verdict } : {}),
      ...(patch.excerpt !== undefined ? { excerpt: patch.excerpt } : {}),
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.publishedAt !== undefined ? { published_at: patch.publishedAt } : {}),
    })
    .where('id', '=', review.id)
    .execute();
  return {
    ok: true,
    value: { id: review.id },
    change: { gameSlugs: [review.gameSlug], outletSlug: review.outletSlug, authorIds: [review.authorId] },
  };
}

/** Deletes review `id`, if `userId` owns its outlet. */
export async function deleteCriticReview(db: Db, userId: string, id: string): Promise<CriticReviewWrite<null>> {
  const review = await findOwnedReview(db, id);
  if (!review) return refuse('not-found', MESSAGES.noReview);
  // Only the outlet's owners learn a review's id exists (a scheduled one is embargoed): others get the missing review's answer.
  if (!(await isOwner(db, review.outletId, userId))) return refuse('not-found', MESSAGES.noReview);
  await db.deleteFrom('critic_reviews').where('id', '=', review.id).execute();
  return {
    ok: true,
    value: null,
    change: { gameSlugs: [review.gameSlug], outletSlug: review.outletSlug, authorIds: [review.authorId] },
  };
}
