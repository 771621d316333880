import { audit, outletAccess } from './access.server.ts';
import { canEdit, canPublish, draftScoreProblem, MANAGE_MESSAGES as M } from './manage.ts';
import { type Db, type Trx, type ManageResult, refuse, idPattern } from './drafts.server.ts';

// Published critic reviews from the manage-outlet and author dashboards: edited, moved back
// to drafts or deleted, with the same access checks and audit as drafts (drafts.server.ts).

async function loadReview(trx: Trx, userId: string, id: string) {
  if (!idPattern.test(id)) return refuse('not-found', M.noReview);
  const review = await trx
    .selectFrom('critic_reviews')
    .innerJoin('games', 'games.id', 'critic_reviews.game_id')
    .selectAll('critic_reviews')
    .select(['games.slug as gameSlug', 'games.title as gameTitle'])
    .where('critic_reviews.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!review) return refuse('not-found', M.noReview);
  const access = await outletAccess(trx, userId, { id: review.outlet_id });
  // Outside the outlet a review's id answers as a missing one, so no id tells an embargoed review exists.
  if (!access) return refuse('not-found', M.noReview);
  if (!canEdit(access, review.author_id)) return refuse('forbidden', M.notYourDraft);
  if (!canPublish(access)) return refuse('forbidden', M.authorsCannotPublish);
  return { ok: true as const, review, access };
}

/** Changes a scheduled or published review's score, texts or publish time (an owner, or an author allowed to publish). */
export async function updateReview(
  db: Db,
  userId: string,
  id: string,
  patch: {
    rawScore?: string | null;
    recommended?: boolean | null;
    verdict?: string | null;
    headline?: string | null;
    excerpt?: string | null;
    url?: string | null;
    publishAt?: string;
    timeZone?: string | null;
  },
): Promise<ManageResult<{ id: string }>> {
  return db.transaction().execute(async (trx) => {
    const found = await loadReview(trx, userId, id);
    if (!found.ok) return found;
    const { review, access } = found;
    const next = {
      kind: review.kind,
      rawScore: patch.rawScore === undefined ? review.raw_score : patch.rawScore,
      recommended: patch.recommended === undefined ? review.recommended : patch.recommended,
    };
    // A stored score keeps the scale it was given in, even when the outlet changed its scale since.
    const problem = draftScoreProblem(review.score_scale, next);
    if (problem) return refuse('invalid', problem);
    await trx
      .updateTable('critic_reviews')
      .set({
        ...(patch.rawScore !== undefined ? { raw_score: patch.rawScore } : {}),
        ...(patch.recommended !== undefined || patch.rawScore !== undefined
          ? { recommended: next.rawScore === null ? next.recommended : null }
          : {}),
        ...(patch.verdict !== undefined ? { verdict: patch.verdict } : {}),
        ...(patch.headline !== undefined ? { headline: patch.headline } : {}),
        ...(patch.excerpt !== undefined ? { excerpt: patch.excerpt } : {}),
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.publishAt !== undefined ? { published_at: patch.publishAt } : {}),
        ...(patch.timeZone !== undefined ? { time_zone: patch.timeZone } : {}),
      })
      .where('id', '=', review.id)
      .execute();
    await audit(trx, {
      outletId: access.outlet.id,
      actorId: userId,
      action: 'review.updated',
      subject: `${review.kind} of ${review.gameTitle}`,
      before: { rawScore: review.raw_score, publishedAt: new Date(review.published_at).toISOString() },
      after: { rawScore: next.rawScore, publishedAt: patch.publishAt ?? new Date(review.published_at).toISOString() },
    });
    return {
      ok: true,
      value: { id: review.id },
      change: { gameSlugs: [review.gameSlug], outletSlug: access.outlet.slug, authorIds: [review.author_id] },
    };
  });
}

/** Takes a review off the site: it goes back to being a draft, so nothing written is lost. */
export async function unpublishReview(db: Db, userId: string, id: string): Promise<ManageResult<{ draftId: string }>> {
  return db.transaction().execute(async (trx) => {
    const found = await loadReview(trx, userId, id);
    if (!found.ok) return found;
    const { review, access } = found;
    const draft = await trx
      .insertInto('critic_review_drafts')
      .values({
        outlet_id: review.outlet_id,
        game_id: review.game_id,
        author_id: review.author_id,
        kind: review.kind,
        raw_score: review.raw_score,
        recommended: review.raw_score === null ? review.recommended : null,
        verdict: review.verdict,
        headline: review.headline,
        excerpt: review.excerpt && review.excerpt.length > 600 ? review.excerpt.slice(0, 600) : review.excerpt,
        url: review.url,
        platform_id: review.platform_id,
        time_zone: review.time_zone,
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('critic_reviews').where('id', '=', review.id).execute();
    await audit(trx, {
      outletId: access.outlet.id,
      actorId: userId,
      action: 'review.unpublished',
      subject: `${review.kind} of ${review.gameTitle}`,
      before: { rawScore: review.raw_score, publishedAt: new Date(review.published_at).toISOString() },
    });
    return {
      ok: true,
      value: { draftId: draft.id },
      change: { gameSlugs: [review.gameSlug], outletSlug: access.outlet.slug, authorIds: [review.author_id] },
    };
  });
}

/** Deletes a scheduled or published review for good (owners only). */
export async function deleteReview(db: Db, userId: string, id: string): Promise<ManageResult<null>> {
  return db.transaction().execute(async (trx) => {
    const found = await loadReview(trx, userId, id);
    if (!found.ok) return found;
    if (found.access.role !== 'owner') return refuse('forbidden', M.ownersOnly);
    const { review, access } = found;
    await trx.deleteFrom('critic_reviews').where('id', '=', review.id).execute();
    await audit(trx, {
      outletId: access.outlet.id,
      actorId: userId,
      action: 'review.deleted',
      subject: `${review.kind} of ${review.gameTitle}`,
      before: { rawScore: review.raw_score, publishedAt: new Date(review.published_at).toISOString() },
    });
    return {
      ok: true,
      value: null,
      change: { gameSlugs: [review.gameSlug], outletSlug: access.outlet.slug, authorIds: [review.author_id] },
    };
  });
}
