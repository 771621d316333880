import type { Kysely } from 'kysely';
import { getUserTier } from '../../src/lib/auth/profiles.server.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { CACHE_TAGS, gameTag } from '../../src/lib/http/cache-rules.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import {
  reportInputSchema,
  USER_REVIEW_MESSAGES,
  userReviewInputSchema,
  userReviewPatchSchema,
} from '../../src/lib/user-reviews/user-reviews.ts';
import {
  createUserReview,
  deleteUserReview,
  reportReview,
  updateUserReview,
  voteHelpful,
  type UserReviewRefusal,
  type UserReviewWrite,
} from '../../src/lib/user-reviews/user-review-writes.server.ts';
import { reviewFormState } from '../../src/lib/user-reviews/user-reviews.server.ts';
import { apiError, json, readJson } from '../http.ts';

/**
 * The user review API:
 *   POST   /api/user-reviews                  publish one's review of a game (Premium)
 *   PATCH  /api/user-reviews/{id}             change one's own review (Premium)
 *   DELETE /api/user-reviews/{id}             delete one's own review
 *   PUT    /api/user-reviews/{id}/helpful     vote it helpful; DELETE takes the vote back
 *   POST   /api/user-reviews/{id}/report      report it to the moderators
 *   GET    /api/user-reviews/mine?gameId=     the caller's review, prefill and votes on a game
 * Request in, zod, src/lib/user-reviews decides and writes, Response out.
 */

export interface UserReviewDeps {
  db: () => Promise<Kysely<Database>>;
  user: { id: string } | null;
  purge: Purge;
}

const REFUSAL_STATUS: Readonly<Record<UserReviewRefusal['kind'], readonly [number, string]>> = {
  'not-found': [404, 'not_found'],
  forbidden: [403, 'forbidden'],
  premium: [403, 'premium_required'],
  unprocessable: [422, 'not_released'],
  'unknown-platform': [422, 'unknown_platform'],
  conflict: [409, 'conflict'],
};

const notSignedIn = () => apiError(401, 'not_authenticated', USER_REVIEW_MESSAGES.notSignedIn);
const invalid = (message: string) => apiError(400, 'invalid_request', message);

async function answer<T>(
  write: UserReviewWrite<T>,
  deps: UserReviewDeps,
  ok: (value: T) => Response,
): Promise<Response> {
  if (!write.ok) {
    const [status, code] = REFUSAL_STATUS[write.refusal.kind];
    if (write.refusal.kind === 'premium') {
      return json({ error: { code, message: write.refusal.message, plan: write.refusal.plan } }, { status });
    }
    return apiError(status, code, write.refusal.message);
  }
  await deps.purge({ tags: [gameTag(write.gameSlug), CACHE_TAGS.scores] });
  return ok(write.value);
}

export async function handleCreateUserReview(request: Request, deps: UserReviewDeps): Promise<Response> {
  if (!deps.user) return notSignedIn();
  const parsed = userReviewInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? USER_REVIEW_MESSAGES.rating);
  const db = await deps.db();
  const tier = await getUserTier(db, deps.user.id);
  return answer(await createUserReview(db, deps.user.id, tier, parsed.data), deps, (review) =>
    json({ review }, { status: 201 }),
  );
}

export async function handleUpdateUserReview(request: Request, id: string, deps: UserReviewDeps): Promise<Response> {
  if (!deps.user) return notSignedIn();
  const parsed = userReviewPatchSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? USER_REVIEW_MESSAGES.rating);
  const db = await deps.db();
  const tier = await getUserTier(db, deps.user.id);
  return answer(await updateUserReview(db, deps.user.id, tier, id, parsed.data), deps, (review) => json({ review }));
}

export async function handleDeleteUserReview(id: string, deps: UserReviewDeps): Promise<Response> {
  if (!deps.user) return notSignedIn();
  return answer(
    await deleteUserReview(await deps.db(), deps.user.id, id),
    deps,
    () => new Response(null, { status: 204 }),
  );
}

export async function handleHelpfulVote(id: string, helpful: boolean, deps: UserReviewDeps): Promise<Response> {
  if (!deps.user) return apiError(401, 'not_authenticated', 'Sign in to vote.');
  return answer(await voteHelpful(await deps.db(), deps.user.id, id, helpful), deps, (value) => json(value));
}

export async function handleReportReview(request: Request, id: string, deps: UserReviewDeps): Promise<Response> {
  if (!deps.user) return apiError(401, 'not_authenticated', 'Sign in to report a review.');
  const parsed = reportInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? USER_REVIEW_MESSAGES.reportReason);
  const write = await reportReview(await deps.db(), deps.user.id, id, parsed.data);
  if (!write.ok) return answer(write, deps, () => new Response());
  // A report changes no page: nothing to purge.
  return json(write.value, { status: 201 });
}

export async function handleMyReviewState(request: Request, deps: Omit<UserReviewDeps, 'purge'>): Promise<Response> {
  if (!deps.user) return json({ signedIn: false, tier: 'free', review: null, prefill: null, votedReviewIds: [] });
  const gameId = Number(new URL(request.url).searchParams.get('gameId'));
  if (!Number.isSafeInteger(gameId) || gameId <= 0) return invalid('gameId must be a game id.');
  const db = await deps.db();
  const [tier, state] = await Promise.all([getUserTier(db, deps.user.id), reviewFormState(db, deps.user.id, gameId)]);
  return json({ signedIn: true, userId: deps.user.id, tier, ...state });
}
