import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/lib/db/schema.ts';
import type { Purge } from '../src/lib/http/purge.server.ts';
import { reviewWriteTargets } from '../src/lib/http/purge.server.ts';
import {
  criticReviewInputSchema,
  criticReviewPatchSchema,
  type CriticReviewInput,
} from '../src/lib/reviews/reviews.ts';
import { isValidRawScore, type ScoreScale } from '../src/lib/scores/scores.ts';
import { apiError, json } from './http.ts';

/**
 * The critic review write API for outlet owners:
 *   POST   /api/critic-reviews        publish (or schedule, with a future publishedAt) a review
 *   PATCH  /api/critic-reviews/{id}   change score, verdict, text, link or embargo
 *   DELETE /api/critic-reviews/{id}   remove it
 * Only the outlet's owner may write its reviews. Every successful write purges the cached
 * pages it changes (purgerFor + reviewWriteTargets).
 */

export interface CriticReviewDeps {
  db: Kysely<Database>;
  /** The signed-in user (from the session), or null. */
  user: { id: string } | null;
  purge: Purge;
}

const NOT_SIGNED_IN = () => apiError(401, 'not_authenticated', 'Sign in to publish critic reviews.');
const NOT_OWNER = () => apiError(403, 'forbidden', 'Only the owner of this outlet can publish its reviews.');
const NOT_FOUND = () => apiError(404, 'not_found', 'No such review.');

async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

function invalid(message: string): Response {
  return apiError(400, 'invalid_request', message);
}

function scoreProblem(scale: ScoreScale, input: { kind: string; rawScore: string | null; recommended: boolean | null }): string | undefined {
  if (input.kind === 'preview') return input.rawScore === null ? undefined : 'Previews have no score.';
  if (input.rawScore === null) {
    return input.recommended === null ? 'An unscored review needs a verdict: say whether it recommends the game.' : undefined;
  }
  if (scale === 'unscored') return 'This outlet does not give scores: leave the score empty and give a verdict.';
  return isValidRawScore(scale, input.rawScore) ? undefined : `“${input.rawScore}” is not a score on this outlet's scale.`;
}

export async function handleCreateCriticReview(request: Request, deps: CriticReviewDeps): Promise<Response> {
  if (!deps.user) return NOT_SIGNED_IN();
  const parsed = criticReviewInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? 'Invalid review.');
  const input: CriticReviewInput = parsed.data;
  const { db } = deps;

  const outlet = await db.selectFrom('outlets').select(['id', 'slug', 'owner_id', 'score_scale']).where('slug', '=', input.outlet).executeTakeFirst();
  if (!outlet) return apiError(404, 'not_found', 'No such outlet.');
  if (outlet.owner_id !== deps.user.id) return NOT_OWNER();
  const game = await db.selectFrom('games').select(['id', 'slug']).where('slug', '=', input.game).executeTakeFirst();
  if (!game) return apiError(404, 'not_found', 'No such game.');
  const problem = scoreProblem(outlet.score_scale, input);
  if (problem) return apiError(422, 'invalid_score', problem);
  if (input.authorId !== null) {
    const member = await db
      .selectFrom('outlet_authors')
      .select('author_id')
      .where('outlet_id', '=', outlet.id)
      .where('author_id', '=', input.authorId)
      .executeTakeFirst();
    if (!member) return invalid('That author does not write for this outlet.');
  }
  const platform = input.platform
    ? await db.selectFrom('platforms').select('id').where('slug', '=', input.platform).executeTakeFirst()
    : undefined;
  if (input.platform && !platform) return invalid('Unknown platform.');

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
        recommended: input.rawScore === null ? input.recommended : null,
        verdict: input.verdict,
        excerpt: input.excerpt,
        url: input.url,
        platform_id: platform?.id ?? null,
        published_at: input.publishedAt ?? sql<Date>`now()`,
      })
      .returning(['id', 'score', 'recommended', 'published_at'])
      .executeTakeFirstOrThrow();
    await deps.purge(reviewWriteTargets({ gameSlugs: [game.slug], outletSlug: outlet.slug, authorIds: [input.authorId] }));
    return json(
      { review: { id: row.id, score: row.score, recommended: row.recommended, publishedAt: new Date(row.published_at).toISOString() } },
      { status: 201 },
    );
  } catch (error) {
    if (/critic_reviews_one_review_per_outlet/.test(String(error))) {
      return apiError(409, 'conflict', 'This outlet has already reviewed this game: edit that review instead.');
    }
    throw error;
  }
}

/** The review with its outlet's owner, game and author, for the checks and the purge. */
async function loadOwned(db: Kysely<Database>, id: string) {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) return undefined;
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
      'outlets.owner_id as ownerId',
      'outlets.slug as outletSlug',
      'games.slug as gameSlug',
    ])
    .where('critic_reviews.id', '=', id)
    .executeTakeFirst();
}

export async function handleUpdateCriticReview(request: Request, id: string, deps: CriticReviewDeps): Promise<Response> {
  if (!deps.user) return NOT_SIGNED_IN();
  const parsed = criticReviewPatchSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? 'Invalid change.');
  const review = await loadOwned(deps.db, id);
  if (!review) return NOT_FOUND();
  if (review.ownerId !== deps.user.id) return NOT_OWNER();
  const patch = parsed.data;
  const next = {
    kind: review.kind,
    rawScore: patch.rawScore === undefined ? review.rawScore : patch.rawScore,
    recommended: patch.recommended === undefined ? review.recommended : patch.recommended,
  };
  const problem = scoreProblem(review.scale, next);
  if (problem) return apiError(422, 'invalid_score', problem);
  await deps.db
    .updateTable('critic_reviews')
    .set({
      ...(patch.rawScore !== undefined ? { raw_score: patch.rawScore } : {}),
      ...(patch.recommended !== undefined || patch.rawScore !== undefined ? { recommended: next.rawScore === null ? next.recommended : null } : {}),
      ...(patch.verdict !== undefined ? { verdict: patch.verdict } : {}),
      ...(patch.excerpt !== undefined ? { excerpt: patch.excerpt } : {}),
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.publishedAt !== undefined ? { published_at: patch.publishedAt } : {}),
    })
    .where('id', '=', review.id)
    .execute();
  await deps.purge(reviewWriteTargets({ gameSlugs: [review.gameSlug], outletSlug: review.outletSlug, authorIds: [review.authorId] }));
  return json({ review: { id: review.id } });
}

export async function handleDeleteCriticReview(id: string, deps: CriticReviewDeps): Promise<Response> {
  if (!deps.user) return NOT_SIGNED_IN();
  const review = await loadOwned(deps.db, id);
  if (!review) return NOT_FOUND();
  if (review.ownerId !== deps.user.id) return NOT_OWNER();
  await deps.db.deleteFrom('critic_reviews').where('id', '=', review.id).execute();
  await deps.purge(reviewWriteTargets({ gameSlugs: [review.gameSlug], outletSlug: review.outletSlug, authorIds: [review.authorId] }));
  return new Response(null, { status: 204 });
}
