import type { Kysely } from 'kysely';
import { recordActivity } from '../activity/activity.server.ts';
import type { Database } from '../db/schema.ts';
import { audit } from './admin.server.ts';
import type { CoverageRequest } from './missing-reviews.ts';

export type CoverageOutcome =
  | { ok: true; outlets: number; notified: number; alreadyAsked: number; withoutOwner: string[] }
  | { ok: false; code: 'game_not_found' | 'outlet_not_found'; message: string };

/**
 * An administrator asks the owners of chosen outlets to review a game. Each owner gets
 * one notification per game and outlet, through a `coverage_requested` activity (asking
 * again does not notify twice). Recorded in the audit log.
 */
export async function requestCoverage(
  db: Kysely<Database>,
  adminId: string,
  request: CoverageRequest,
): Promise<CoverageOutcome> {
  return db.transaction().execute(async (trx) => {
    const game = await trx
      .selectFrom('games')
      .select(['id', 'slug', 'title'])
      .where('slug', '=', request.game)
      .executeTakeFirst();
    if (!game) return { ok: false, code: 'game_not_found', message: 'That game does not exist.' };
    const outlets = await trx
      .selectFrom('outlets')
      .select(['id', 'slug', 'name'])
      .where('slug', 'in', request.outlets)
      .execute();
    if (outlets.length !== request.outlets.length)
      return { ok: false, code: 'outlet_not_found', message: 'One of the chosen outlets does not exist.' };
    const owners = await trx
      .selectFrom('outlet_owners')
      .select(['outlet_id', 'user_id'])
      .where(
        'outlet_id',
        'in',
        outlets.map((o) => o.id),
      )
      .execute();
    let notified = 0;
    let alreadyAsked = 0;
    for (const outlet of outlets) {
      for (const owner of owners.filter((o) => o.outlet_id === outlet.id)) {
        const outcome = await recordActivity(trx, {
          actorId: adminId,
          kind: 'coverage_requested',
          subjectType: 'game',
          subjectId: game.id,
          targetUserId: owner.user_id,
          gameId: game.id,
          data: { outletId: outlet.id, outlet: outlet.name, game: game.title, gameSlug: game.slug },
          isPublic: false,
          dedupeKey: `game:${game.id}:outlet:${outlet.id}:owner:${owner.user_id}`,
        });
        if (outcome.status === 'duplicate') alreadyAsked += 1;
        else notified += 1;
      }
    }
    const withoutOwner = outlets.filter((o) => !owners.some((owner) => owner.outlet_id === o.id)).map((o) => o.name);
    await audit(trx, {
      adminId,
      action: 'coverage.request',
      subjectType: 'game',
      subjectId: game.id,
      after: { outlets: outlets.map((o) => o.slug), notified, alreadyAsked },
    });
    return { ok: true, outlets: outlets.length, notified, alreadyAsked, withoutOwner };
  });
}

/** The outcome in one sentence for the admin. */
export function coverageMessage(outcome: Extract<CoverageOutcome, { ok: true }>): string {
  const parts = [`Asked ${outcome.notified} ${outcome.notified === 1 ? 'owner' : 'owners'}.`];
  if (outcome.alreadyAsked > 0) parts.push(`${outcome.alreadyAsked} had already been asked about this game.`);
  if (outcome.withoutOwner.length > 0) parts.push(`No owner to ask at ${outcome.withoutOwner.join(', ')}.`);
  return parts.join(' ');
}
