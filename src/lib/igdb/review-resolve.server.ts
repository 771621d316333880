import type { Kysely, Transaction } from 'kysely';
import { audit } from '../admin/admin.server.ts';
import type { Database } from '../db/schema.ts';
import { DECISION_DONE, type ReviewDecision } from './admin.ts';
import { IgdbAdminError } from './admin.server.ts';
import type { MappedGame } from './mapping.ts';
import { TRACKED_FIELDS } from './provenance.ts';
import { storedGame } from './review-queue.server.ts';
import { writeRelations } from './sync-relations.server.ts';
import { freeSlugs, updateMatched, writableFields, type Target } from './sync-write.server.ts';

type Trx = Transaction<Database>;

export interface Resolution {
  status: 'merged' | 'created' | 'dismissed';
  /** The catalogue game the IGDB game now is (none when dismissed). */
  game: { id: number; slug: string; title: string } | null;
  /** The fields IGDB wrote into it. */
  fields: string[];
  message: string;
}

const STATUS_WORDS = { merged: 'linked to a catalogue game', created: 'added as a new game', dismissed: 'dismissed' };

/**
 * Resolves one pending review in one transaction: link the IGDB game to an existing catalogue
 * game (its IGDB id bound, its fields written only where the provenance rules allow: never
 * an administrator's), add it as a new game, or dismiss it. Logged in igdb_changes and the
 * admin audit log. The review row is locked first, so a second click (or a second
 * administrator) finds it resolved and is told so.
 */
export async function resolveReview(
  db: Kysely<Database>,
  input: { reviewId: number; decision: ReviewDecision; adminId: string },
): Promise<Resolution> {
  return db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom('igdb_match_reviews')
      .select(['id', 'igdb_id', 'igdb_title', 'status', 'payload', 'candidate_game_id'])
      .where('id', '=', input.reviewId)
      .forUpdate()
      .executeTakeFirst();
    if (!review) throw new IgdbAdminError('not_found', 'This review does not exist.');
    if (review.status !== 'pending')
      throw new IgdbAdminError(
        'already_resolved',
        `This match was already resolved (${STATUS_WORDS[review.status]}). Reload the page to see the queue as it is.`,
      );
    const game = storedGame(review.payload, review.igdb_id);
    if (!game && input.decision.action !== 'dismiss')
      throw new IgdbAdminError('conflict', 'The stored IGDB game cannot be read: dismiss this review.');
    const { decision } = input;
    let outcome: Omit<Resolution, 'message'>;
    if (decision.action === 'dismiss') {
      outcome = { status: 'dismissed', game: null, fields: [] };
    } else {
      await refuseBoundIgdbId(trx, review.igdb_id);
      outcome = decision.action === 'link' ? await linkToGame(trx, game!, decision.game) : await createGame(trx, game!);
    }
    await trx
      .updateTable('igdb_match_reviews')
      .set({ status: outcome.status, resolved_at: new Date(), resolved_by: input.adminId })
      .where('id', '=', review.id)
      .execute();
    await trx
      .insertInto('igdb_changes')
      .values({
        run_id: null,
        game_id: outcome.game?.id ?? review.candidate_game_id,
        igdb_id: review.igdb_id,
        action: outcome.status === 'merged' ? 'matched' : outcome.status,
        fields: outcome.fields,
        admin_id: input.adminId,
        review_id: review.id,
      })
      .execute();
    await audit(trx, {
      adminId: input.adminId,
      action: `igdb.review.${decision.action}`,
      subjectType: 'igdb_match_review',
      subjectId: review.id,
      before: { igdbId: review.igdb_id, title: review.igdb_title },
      after: outcome.game ? { gameId: outcome.game.id, slug: outcome.game.slug, fields: outcome.fields } : undefined,
    });
    return { ...outcome, message: DECISION_DONE[decision.action] };
  });
}

/** A later sync may have bound this IGDB id meanwhile: then the review is moot. */
async function refuseBoundIgdbId(trx: Trx, igdbId: number): Promise<void> {
  const bound = await trx
    .selectFrom('game_external_ids as e')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .select(['g.slug', 'g.title'])
    .where('e.source', '=', 'igdb')
    .where('e.external_id', '=', String(igdbId))
    .executeTakeFirst();
  if (bound)
    throw new IgdbAdminError(
      'conflict',
      `IGDB game ${igdbId} is already ${bound.title} (/games/${bound.slug}) in the catalogue: dismiss this review.`,
    );
}

async function linkToGame(trx: Trx, game: MappedGame, slug: string): Promise<Omit<Resolution, 'message'>> {
  const target = await trx
    .selectFrom('games as g')
    .leftJoin('game_external_ids as own', (join) =>
      join.onRef('own.game_id', '=', 'g.id').on('own.source', '=', 'igdb'),
    )
    .select(['g.id', 'g.slug', 'g.title', 'own.external_id as igdb_id'])
    .where('g.slug', '=', slug)
    .forUpdate('g')
    .executeTakeFirst();
  if (!target) throw new IgdbAdminError('not_found', `No catalogue game has the address “${slug}”.`);
  if (target.igdb_id !== null)
    throw new IgdbAdminError(
      'conflict',
      `${target.title} is already linked to IGDB game ${target.igdb_id}: choose another game, or add this one as new.`,
    );
  const targets = await writableFields(trx, [{ game, gameId: target.id, action: 'matched' }]);
  await updateMatched(trx, targets);
  await writeRelations(trx, targets);
  const written = await trx
    .selectFrom('games')
    .select(['slug', 'title'])
    .where('id', '=', target.id)
    .executeTakeFirstOrThrow();
  return {
    status: 'merged',
    game: { id: target.id, slug: written.slug, title: written.title },
    fields: [...(targets[0]?.writable ?? [])],
  };
}

async function createGame(trx: Trx, game: MappedGame): Promise<Omit<Resolution, 'message'>> {
  const slug = (await freeSlugs(trx, [game])).get(game.igdbId) ?? `igdb-${game.igdbId}`;
  const row = await trx
    .insertInto('games')
    .values({
      slug,
      title: game.title,
      summary: game.summary,
      release_date: game.releaseDate,
      cover_image_url: game.coverUrl,
      sources: ['igdb'],
    })
    .returning(['id', 'slug', 'title'])
    .executeTakeFirstOrThrow();
  const target: Target = { game, gameId: row.id, action: 'created', writable: new Set(TRACKED_FIELDS) };
  await writeRelations(trx, [target]);
  return { status: 'created', game: row, fields: [...TRACKED_FIELDS] };
}
