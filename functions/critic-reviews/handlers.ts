import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import type { Purge } from '../../src/lib/http/purge.server.ts';
import { reviewWriteTargets } from '../../src/lib/http/purge.server.ts';
import {
  CRITIC_REVIEW_MESSAGES,
  criticReviewInputSchema,
  criticReviewPatchSchema,
  type CriticReviewRefusal,
  type CriticReviewWrite,
} from '../../src/lib/reviews/critic-reviews.ts';
import {
  createCriticReview,
  deleteCriticReview,
  updateCriticReview,
} from '../../src/lib/reviews/critic-reviews.server.ts';
import { apiError, json, readJson } from '../http.ts';

/**
 * The critic review write API for outlet owners:
 *   POST   /api/critic-reviews        publish (or schedule, with a future publishedAt) a review
 *   PATCH  /api/critic-reviews/{id}   change score, verdict, text, link or embargo
 *   DELETE /api/critic-reviews/{id}   remove it
 * Request in, zod, src/lib/reviews decides and writes, Response out. Every successful write
 * purges the cached pages it changed.
 */

export interface CriticReviewDeps {
  db: () => Promise<Kysely<Database>>;
  /** The signed-in user (from the session), or null. */
  user: { id: string } | null;
  purge: Purge;
}

const REFUSAL_STATUS: Readonly<Record<CriticReviewRefusal['kind'], readonly [number, string]>> = {
  'not-found': [404, 'not_found'],
  forbidden: [403, 'forbidden'],
  invalid: [400, 'invalid_request'],
  'invalid-score': [422, 'invalid_score'],
  conflict: [409, 'conflict'],
};

const notSignedIn = () => apiError(401, 'not_authenticated', CRITIC_REVIEW_MESSAGES.notSignedIn);
const invalid = (message: string) => apiError(400, 'invalid_request', message);

/** A refused write as its error response; a done one purges what it changed first. */
async function answer<T>(
  write: CriticReviewWrite<T>,
  deps: CriticReviewDeps,
  ok: (value: T) => Response,
): Promise<Response> {
  if (!write.ok) {
    const [status, code] = REFUSAL_STATUS[write.refusal.kind];
    return apiError(status, code, write.refusal.message);
  }
  const { gameSlugs, outletSlug, authorIds } = write.change;
  await deps.purge(reviewWriteTargets({ gameSlugs, outletSlug, authorIds }));
  return ok(write.value);
}

export async function handleCreateCriticReview(request: Request, deps: CriticReviewDeps): Promise<Response> {
  if (!deps.user) return notSignedIn();
  const parsed = criticReviewInputSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? CRITIC_REVIEW_MESSAGES.invalidReview);
  return answer(await createCriticReview(await deps.db(), deps.user.id, parsed.data), deps, (review) =>
    json({ review: { ...review, publishedAt: review.publishedAt.toISOString() } }, { status: 201 }),
  );
}

export async function handleUpdateCriticReview(
  request: Request,
  id: string,
  deps: CriticReviewDeps,
): Promise<Response> {
  if (!deps.user) return notSignedIn();
  const parsed = criticReviewPatchSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? CRITIC_REVIEW_MESSAGES.invalidChange);
  return answer(await updateCriticReview(await deps.db(), deps.user.id, id, parsed.data), deps, (review) =>
    json({ review }),
  );
}

export async function handleDeleteCriticReview(id: string, deps: CriticReviewDeps): Promise<Response> {
  if (!deps.user) return notSignedIn();
  return answer(
    await deleteCriticReview(await deps.db(), deps.user.id, id),
    deps,
    () => new Response(null, { status: 204 }),
  );
}
