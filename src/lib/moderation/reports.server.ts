import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';
import type { ReportReason } from '../user-reviews/user-reviews.ts';

export const LIST_REPORT_MESSAGES = {
  notFound: 'That list does not exist.',
  own: 'You cannot report your own list.',
  alreadyReported: 'You have already reported this list.',
} as const;

export type ListReportOutcome = { ok: true } | { ok: false; status: 403 | 404 | 409; code: string; message: string };

/**
 * Files a report of a visible list for the moderation queue: the reasons of review
 * reports, once per user per list, never one's own, never a private or hidden list nor
 * one of a private profile.
 */
export async function reportList(
  db: Kysely<Database>,
  userId: string,
  listId: number,
  report: { reason: ReportReason; details: string | null },
): Promise<ListReportOutcome> {
  const list = await db
    .selectFrom('user_lists')
    .select(['id', 'user_id', 'visibility', 'hidden', ownerIsPublic(sql.ref('user_lists.user_id')).as('owner_public')])
    .where('id', '=', listId)
    .executeTakeFirst();
  if (!list || list.hidden || list.visibility === 'private' || !list.owner_public)
    return { ok: false, status: 404, code: 'list_not_found', message: LIST_REPORT_MESSAGES.notFound };
  if (list.user_id === userId) return { ok: false, status: 403, code: 'own_list', message: LIST_REPORT_MESSAGES.own };
  const added = await db
    .insertInto('user_list_reports')
    .values({ list_id: listId, reporter_id: userId, reason: report.reason, details: report.details })
    .onConflict((oc) => oc.columns(['list_id', 'reporter_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!added) return { ok: false, status: 409, code: 'conflict', message: LIST_REPORT_MESSAGES.alreadyReported };
  return { ok: true };
}
