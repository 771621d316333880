import { sql } from 'kysely';
import { recordActivity } from '../activity/activity.server.ts';
import { audit } from '../admin/admin.server.ts';
import { listTag, userListsTag } from '../http/cache-rules.ts';
import type { PurgeTarget } from '../http/purge.server.ts';
import type { ModerationItem } from './moderation.ts';
import {
  ContentModerationError,
  gone,
  shortReason,
  reportSummary,
  groupBy,
  setFeedVisibility,
  type Db,
  type Trx,
  type Act,
} from './content.server.ts';

// Reported and hidden member lists in the moderation queue, and a moderator's action on one
// (the rules are content.server.ts's, shared with reviews).

export async function reportedListItems(db: Db): Promise<ModerationItem[]> {
  const reports = await db
    .selectFrom('user_list_reports as lr')
    .innerJoin('user_lists as l', 'l.id', 'lr.list_id')
    .leftJoin('profiles as owner', 'owner.id', 'l.user_id')
    .leftJoin('profiles as reporter', 'reporter.id', 'lr.reporter_id')
    .select([
      'l.id',
      'l.title',
      'l.slug',
      'l.description',
      'l.hidden',
      'l.entries_count',
      'owner.username as owner',
      'lr.reason',
      'lr.details',
      'reporter.username as reporter',
      'lr.created_at',
    ])
    .where('lr.status', '=', 'open')
    .orderBy('lr.created_at')
    .limit(500)
    .execute();
  return groupBy(reports, (row) => String(row.id))
    .slice(0, 100)
    .map((rows) => {
      const first = rows[0]!;
      return {
        kind: 'user_list',
        id: String(first.id),
        title: `Reported list "${first.title}" by ${first.owner ?? 'a deleted account'}`,
        details: [
          ...(first.owner ? [{ label: 'List', value: first.title, href: `/${first.owner}/lists/${first.slug}` }] : []),
          { label: 'Games', value: String(first.entries_count) },
          ...(first.description ? [{ label: 'Description', value: first.description }] : []),
          ...reportSummary(rows),
        ],
        createdAt: first.created_at,
        actions: first.hidden ? ['restore', 'dismiss'] : ['hide', 'dismiss'],
        reasonRequired: ['hide'],
      } satisfies ModerationItem;
    });
}

export async function hiddenListItems(db: Db): Promise<ModerationItem[]> {
  const rows = await db
    .selectFrom('user_lists as l')
    .leftJoin('profiles as owner', 'owner.id', 'l.user_id')
    .select(['l.id', 'l.title', 'l.hidden_reason', 'l.hidden_at', 'l.created_at', 'owner.username as owner'])
    .where('l.hidden', '=', true)
    .orderBy('l.hidden_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    kind: 'user_list',
    id: String(row.id),
    title: `Hidden list "${row.title}" by ${row.owner ?? 'a deleted account'}`,
    details: [{ label: 'Hidden because', value: row.hidden_reason ?? '' }],
    createdAt: row.hidden_at ?? row.created_at,
    actions: ['restore'],
    reasonRequired: [],
  }));
}

export async function actOnList(trx: Trx, { adminId, id, action, reason }: Act): Promise<PurgeTarget> {
  if (!/^[1-9][0-9]{0,8}$/.test(id)) throw gone();
  if (action !== 'hide' && action !== 'restore' && action !== 'dismiss')
    throw new ContentModerationError('invalid_action', 'A list is hidden, restored or its reports dismissed.');
  const listId = Number(id);
  const list = await trx
    .selectFrom('user_lists')
    .select(['id', 'user_id', 'title', 'visibility', 'hidden', 'hidden_reason'])
    .where('id', '=', listId)
    .forUpdate()
    .executeTakeFirst();
  if (!list) throw gone();
  const now = new Date();
  if (action === 'dismiss') {
    const closed = await trx
      .updateTable('user_list_reports')
      .set({ status: 'dismissed', resolved_at: now })
      .where('list_id', '=', listId)
      .where('status', '=', 'open')
      .returning('id')
      .execute();
    if (closed.length === 0) throw new ContentModerationError('conflict', 'This list has no open reports.');
    await audit(trx, {
      adminId,
      action: 'user_list.dismiss',
      subjectType: 'user_list',
      subjectId: id,
      before: { openReports: closed.length },
      after: { openReports: 0 },
    });
    return {};
  }
  const hide = action === 'hide';
  if (list.hidden === hide)
    throw new ContentModerationError('conflict', hide ? 'This list is already hidden.' : 'This list is not hidden.');
  await trx
    .updateTable('user_lists')
    .set(
      hide
        ? { hidden: true, hidden_reason: reason ?? null, hidden_at: now, hidden_by: adminId }
        : { hidden: false, hidden_reason: null, hidden_at: null, hidden_by: null, updated_at: sql`updated_at` },
    )
    .where('id', '=', listId)
    .execute();
  await trx
    .updateTable('user_list_reports')
    .set({ status: hide ? 'actioned' : 'dismissed', resolved_at: now })
    .where('list_id', '=', listId)
    .where('status', '=', 'open')
    .execute();
  // A list's events are public only while the list is public (and not hidden).
  await setFeedVisibility(trx, 'list', id, !hide && list.visibility === 'public', [
    'list_created',
    'list_entry_added',
    'list_liked',
  ]);
  if (hide) {
    await recordActivity(trx, {
      actorId: adminId,
      kind: 'content_hidden',
      subjectType: 'list',
      subjectId: id,
      targetUserId: list.user_id,
      data: { reason: shortReason(reason ?? ''), title: list.title },
      isPublic: false,
    });
  }
  await audit(trx, {
    adminId,
    action: `user_list.${action}`,
    subjectType: 'user_list',
    subjectId: id,
    before: { hidden: list.hidden, reason: list.hidden_reason },
    after: { hidden: hide, reason: hide ? reason : null },
  });
  return { tags: [listTag(listId), userListsTag(list.user_id)] };
}
