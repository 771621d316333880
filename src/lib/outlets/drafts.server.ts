import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CriticReviewChange } from '../reviews/critic-reviews.ts';
import { audit, outletAccess } from './access.server.ts';
import {
  canEdit,
  canPublish,
  draftScoreProblem,
  MANAGE_MESSAGES as M,
  type DraftInput,
  type OutletAccess,
} from './manage.ts';

/**
 * Writing reviews from the manage-outlet and author dashboards. A draft lives in
 * critic_review_drafts (never public); publishing moves it into critic_reviews with its
 * publish time (a future one is an embargo, released by the embargo job); unpublishing moves
 * it back. Every write checks the user's access first, runs in one transaction with its
 * audit entry, and says which cached pages changed.
 */

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

export type ManageRefusal = { kind: 'not-found' | 'forbidden' | 'invalid' | 'conflict'; message: string };
export type ManageResult<T> =
  { ok: true; value: T; change?: CriticReviewChange } | { ok: false; refusal: ManageRefusal };

export const refuse = (kind: ManageRefusal['kind'], message: string) => ({
  ok: false as const,
  refusal: { kind, message },
});

const isOneReviewPerOutlet = (error: unknown) => /critic_reviews_one_review_per_outlet/.test(String(error));
export const idPattern = /^[1-9][0-9]{0,17}$/;

async function resolveRefs(trx: Trx, access: OutletAccess, input: DraftInput) {
  const game = await trx
    .selectFrom('games')
    .select(['id', 'slug', 'title'])
    .where('slug', '=', input.game)
    .executeTakeFirst();
  if (!game) return refuse('not-found', M.noGame);
  const platform = input.platform
    ? await trx.selectFrom('platforms').select('id').where('slug', '=', input.platform).executeTakeFirst()
    : undefined;
  if (input.platform && !platform) return refuse('invalid', M.unknownPlatform);
  // Authors always write as themselves; owners may credit any author of the outlet.
  let authorId = access.role === 'author' ? access.authorId : input.authorId;
  if (access.role === 'owner' && authorId !== null) {
    const member = await trx
      .selectFrom('outlet_authors')
      .select('author_id')
      .where('outlet_id', '=', access.outlet.id)
      .where('author_id', '=', authorId)
      .executeTakeFirst();
    if (!member) return refuse('invalid', M.noAuthor);
  }
  if (access.role === 'owner' && input.authorId === null) authorId = null;
  // A draft may be unfinished (no verdict yet), but a score it gives must be on the outlet's scale.
  if (input.rawScore !== null) {
    const problem = draftScoreProblem(access.outlet.scale, {
      kind: input.kind,
      rawScore: input.rawScore,
      recommended: true,
    });
    if (problem) return refuse('invalid', problem);
  }
  return { ok: true as const, game, platformId: platform?.id ?? null, authorId };
}

function draftValues(input: DraftInput) {
  return {
    kind: input.kind,
    raw_score: input.kind === 'preview' ? null : input.rawScore,
    recommended: input.kind === 'preview' ? null : input.recommended,
    verdict: input.verdict,
    headline: input.headline,
    excerpt: input.excerpt,
    url: input.url,
    publish_at: input.publishAt,
    time_zone: input.timeZone,
  };
}

/** Saves a new draft for the outlet named in `input`. */
export async function createDraft(db: Db, userId: string, input: DraftInput): Promise<ManageResult<{ id: string }>> {
  return db.transaction().execute(async (trx) => {
    const access = await outletAccess(trx, userId, { slug: input.outlet });
    if (!access) return refuse('forbidden', M.noAccess);
    const refs = await resolveRefs(trx, access, input);
    if (!refs.ok) return refs;
    const row = await trx
      .insertInto('critic_review_drafts')
      .values({
        ...draftValues(input),
        outlet_id: access.outlet.id,
        game_id: refs.game.id,
        author_id: refs.authorId,
        platform_id: refs.platformId,
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, {
      outletId: access.outlet.id,
      actorId: userId,
      action: 'draft.created',
      subject: `${input.kind} of ${refs.game.title}`,
      after: { rawScore: input.rawScore, publishAt: input.publishAt },
    });
    return { ok: true, value: { id: row.id } };
  });
}

async function loadDraft(trx: Trx, userId: string, id: string) {
  if (!idPattern.test(id)) return refuse('not-found', M.noDraft);
  const draft = await trx
    .selectFrom('critic_review_drafts')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!draft) return refuse('not-found', M.noDraft);
  const access = await outletAccess(trx, userId, { id: draft.outlet_id });
  // Outside the outlet a draft's id answers as a missing one: no id tells an unpublished draft exists.
  if (!access) return refuse('not-found', M.noDraft);
  if (!canEdit(access, draft.author_id)) return refuse('forbidden', M.notYourDraft);
  return { ok: true as const, draft, access };
}

/** Replaces a draft's fields (its outlet stays). */
export async function updateDraft(
  db: Db,
  userId: string,
  id: string,
  input: DraftInput,
): Promise<ManageResult<{ id: string }>> {
  return db.transaction().execute(async (trx) => {
    const found = await loadDraft(trx, userId, id);
    if (!found.ok) return found;
    const refs = await resolveRefs(trx, found.access, input);
    if (!refs.ok) return refs;
    await trx
      .updateTable('critic_review_drafts')
      .set({
        ...draftValues(input),
        game_id: refs.game.id,
        platform_id: refs.platformId,
        author_id: found.access.role === 'owner' ? refs.authorId : found.draft.author_id,
      })
      .where('id', '=', found.draft.id)
      .execute();
    await audit(trx, {
      outletId: found.access.outlet.id,
      actorId: userId,
      action: 'draft.updated',
      subject: `${input.kind} of ${refs.game.title}`,
      before: { rawScore: found.draft.raw_score, publishAt: found.draft.publish_at },
      after: { rawScore: input.rawScore, publishAt: input.publishAt },
    });
    return { ok: true, value: { id: found.draft.id } };
  });
}

export async function deleteDraft(db: Db, userId: string, id: string): Promise<ManageResult<null>> {
  return db.transaction().execute(async (trx) => {
    const found = await loadDraft(trx, userId, id);
    if (!found.ok) return found;
    await trx.deleteFrom('critic_review_drafts').where('id', '=', found.draft.id).execute();
    await audit(trx, {
      outletId: found.access.outlet.id,
      actorId: userId,
      action: 'draft.deleted',
      subject: `draft ${found.draft.id}`,
    });
    return { ok: true, value: null };
  });
}

/**
 * Publishes a draft now, or schedules it (an embargo) when the publish time is in the
 * future: the row moves into critic_reviews, whose triggers keep the game's score exact and
 * whose job releases the embargo at its time.
 */
export async function publishDraft(
  db: Db,
  userId: string,
  id: string,
  when: { publishAt: string | null; timeZone: string | null },
): Promise<ManageResult<{ reviewId: string; publishedAt: Date }>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const found = await loadDraft(trx, userId, id);
      if (!found.ok) return found;
      const { draft, access } = found;
      if (!canPublish(access)) return refuse('forbidden', M.authorsCannotPublish);
      const problem = draftScoreProblem(access.outlet.scale, {
        kind: draft.kind,
        rawScore: draft.raw_score,
        recommended: draft.recommended,
      });
      if (problem) return refuse('invalid', problem);
      const publishAt = when.publishAt ?? (draft.publish_at ? new Date(draft.publish_at).toISOString() : null);
      const row = await trx
        .insertInto('critic_reviews')
        .values({
          game_id: draft.game_id,
          outlet_id: draft.outlet_id,
          author_id: draft.author_id,
          kind: draft.kind,
          score_scale: access.outlet.scale,
          raw_score: draft.raw_score,
          recommended: draft.raw_score === null ? draft.recommended : null,
          verdict: draft.verdict,
          headline: draft.headline,
          excerpt: draft.excerpt,
          url: draft.url,
          platform_id: draft.platform_id,
          published_at: publishAt ?? sql<Date>`now()`,
          time_zone: when.timeZone ?? draft.time_zone,
        })
        .returning(['id', 'published_at'])
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('critic_review_drafts').where('id', '=', draft.id).execute();
      const game = await trx
        .selectFrom('games')
        .select(['slug', 'title'])
        .where('id', '=', draft.game_id)
        .executeTakeFirstOrThrow();
      const publishedAt = new Date(row.published_at);
      const scheduled = publishedAt.getTime() > Date.now();
      await audit(trx, {
        outletId: access.outlet.id,
        actorId: userId,
        action: scheduled ? 'review.scheduled' : 'review.published',
        subject: `${draft.kind} of ${game.title}`,
        after: { rawScore: draft.raw_score, publishedAt: publishedAt.toISOString() },
      });
      return {
        ok: true as const,
        value: { reviewId: row.id, publishedAt },
        change: { gameSlugs: [game.slug], outletSlug: access.outlet.slug, authorIds: [draft.author_id] },
      };
    });
  } catch (error) {
    if (isOneReviewPerOutlet(error))
      return refuse('conflict', 'This outlet has already reviewed this game: edit that review instead.');
    throw error;
  }
}
