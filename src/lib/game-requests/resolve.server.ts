import type { Kysely, Transaction } from 'kysely';
import { recordActivity } from '../activity/activity.server.ts';
import { audit } from '../admin/admin.server.ts';
import { insertGame } from '../admin/games.server.ts';
import type { Database } from '../db/schema.ts';
import { slugify } from '../games/slug.ts';
import type { ResolveInput } from './requests.ts';
import { RequestError, getRequest, type GameRequestRow } from './requests.server.ts';

// An administrator's answer to a member's game request, in one transaction.

async function platformSlugs(trx: Transaction<Database>, names: readonly string[]) {
  if (names.length === 0) return [];
  const lowered = names.map((name) => name.toLowerCase());
  const rows = await trx
    .selectFrom('platforms')
    .select('slug')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'in', lowered),
        eb(
          'slug',
          'in',
          names.map((name) => slugify(name)),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.slug);
}

/**
 * An administrator resolves a pending request: approve (the game is created from the
 * request's fields and linked), reject with a reason, or mark it a duplicate of a game or
 * another request. The requester's notification and XP come from the recorded activity.
 */
export async function resolveRequest(
  db: Kysely<Database>,
  adminId: string,
  id: number,
  input: ResolveInput,
): Promise<GameRequestRow> {
  await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('game_requests')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw new RequestError('not_found', 'Request not found.');
    if (request.status !== 'pending') throw new RequestError('not_pending', 'This request has already been resolved.');
    const resolved = { resolved_by: adminId, resolved_at: new Date() };
    let gameId: number | null = null;
    if (input.action === 'approve') {
      const slug = slugify(request.title) || 'untitled';
      const taken = await trx.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirst();
      if (taken)
        throw new RequestError(
          'slug_taken',
          `A game with the address /games/${slug} already exists: mark the request as its duplicate instead.`,
        );
      const platforms = await platformSlugs(trx, request.platforms);
      const game = await insertGame(
        trx,
        {
          title: request.title,
          slug,
          summary: undefined,
          releaseDate: request.release_date ?? '',
          platforms: platforms.map((platform) => ({
            slug: platform,
            releaseDate: request.release_date ?? '',
          })),
          genres: [],
          developers: request.developer ? [request.developer] : [],
          publishers: request.publisher ? [request.publisher] : [],
        },
        adminId,
      );
      gameId = game.id;
      await trx
        .updateTable('game_requests')
        .set({ status: 'approved', game_id: game.id, ...resolved })
        .where('id', '=', id)
        .execute();
    } else if (input.action === 'reject') {
      await trx
        .updateTable('game_requests')
        .set({ status: 'rejected', resolution_reason: input.reason, ...resolved })
        .where('id', '=', id)
        .execute();
    } else if (input.gameSlug) {
      const game = await trx.selectFrom('games').select('id').where('slug', '=', input.gameSlug).executeTakeFirst();
      if (!game) throw new RequestError('unknown_target', 'No game has this address.');
      gameId = game.id;
      await trx
        .updateTable('game_requests')
        .set({ status: 'duplicate', duplicate_of_game_id: game.id, ...resolved })
        .where('id', '=', id)
        .execute();
    } else {
      const other = await trx
        .selectFrom('game_requests')
        .select('id')
        .where('id', '=', input.requestId!)
        .where('id', '<>', id)
        .executeTakeFirst();
      if (!other) throw new RequestError('unknown_target', 'No other request has this number.');
      await trx
        .updateTable('game_requests')
        .set({ status: 'duplicate', duplicate_of_request_id: other.id, ...resolved })
        .where('id', '=', id)
        .execute();
    }
    const outcome = input.action === 'approve' ? 'approved' : input.action === 'reject' ? 'rejected' : 'duplicate';
    await recordActivity(trx, {
      actorId: adminId,
      kind: 'game_request_resolved',
      subjectType: 'game_request',
      subjectId: id,
      targetUserId: request.requester_id,
      gameId: input.action === 'approve' ? gameId : null,
      data: { outcome, title: request.title },
      isPublic: false,
      dedupeKey: `request:${id}`,
    });
    await audit(trx, {
      adminId,
      action: `request.${input.action}`,
      subjectType: 'game_request',
      subjectId: id,
      before: { status: request.status },
      after: { status: outcome, ...(input.action === 'reject' ? { reason: input.reason } : {}), gameId },
    });
  });
  return (await getRequest(db, id))!;
}
