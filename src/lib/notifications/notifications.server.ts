import { sql, type Kysely, type Transaction } from 'kysely';
import { getUserTier } from '../auth/profiles.server.ts';
import { TIERS } from '../auth/tiers.ts';
import type { Database } from '../db/schema.ts';
import {
  describeNotification,
  NOTIFICATION_KINDS,
  retentionHours,
  type NotificationData,
  type NotificationItem,
  type NotificationKind,
} from './notifications.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  source: string;
  actorId?: string | null;
  data?: NotificationData;
}

/** Notifies a user once per (kind, source), unless they turned that kind off. */
export async function notify(trx: Trx | Db, input: NewNotification): Promise<void> {
  const off = await trx
    .selectFrom('notification_preferences')
    .select('enabled')
    .where('user_id', '=', input.userId)
    .where('kind', '=', input.kind)
    .where('enabled', '=', false)
    .executeTakeFirst();
  if (off) return;
  await trx
    .insertInto('notifications')
    .values({
      user_id: input.userId,
      kind: input.kind,
      source: input.source,
      actor_id: input.actorId ?? null,
      data: JSON.stringify(input.data ?? {}),
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'source']).doNothing())
    .execute();
}

/** notify for many at once (an import, the demo community's history): one statement, same rules. */
export async function notifyMany(trx: Trx, inputs: readonly NewNotification[]): Promise<void> {
  if (inputs.length === 0) return;
  await sql`
    insert into public.notifications (user_id, kind, source, actor_id, data)
    select n.user_id, n.kind, n.source, n.actor_id, n.data
    from unnest(${inputs.map((n) => n.userId)}::uuid[], ${inputs.map((n) => n.kind)}::text[],
                ${inputs.map((n) => n.source)}::text[], ${inputs.map((n) => n.actorId ?? null)}::uuid[],
                ${inputs.map((n) => JSON.stringify(n.data ?? {}))}::jsonb[]) with ordinality as n (user_id, kind, source, actor_id, data, ord)
    where not exists (select 1 from public.notification_preferences p
                       where p.user_id = n.user_id and p.kind = n.kind and not p.enabled)
    order by n.ord
    on conflict (user_id, kind, source) do nothing`.execute(trx);
}

/**
 * Writes the user's notifications of outlet reviews published since they last looked,
 * within the hours their tier keeps: an outlet's followers are told on read, not all at
 * once at publication (docs/decisions/outlet-review-fan-out.md).
 */
async function syncInbox(db: Db | Trx, userId: string, hours: number): Promise<void> {
  await sql`select public.sync_notification_inbox(${userId}::uuid, ${hours}::int)`.execute(db);
}

/**
 * The same for users with the site open, right after publication: what was published in
 * the last `seconds` and is not written yet (the node server's Realtime service delivers it).
 */
export async function writeRecentOutletReviews(db: Db | Trx, userIds: string[], seconds: number): Promise<number> {
  if (userIds.length === 0) return 0;
  const { rows } = await sql<{ added: number }>`
    select public.write_outlet_review_notifications(${userIds}::uuid[], now() - make_interval(secs => ${seconds}::int)) as added`.execute(
    db,
  );
  return rows[0]!.added;
}

/**
 * `writeRecentOutletReviews` for a service that asks twice a second: it writes only when the
 * outlet reviews recorded in the window or the users listening have changed since its last
 * write, so one publication is written once per listener, not on every poll of the window.
 * Resolves with the rows written, or null when nothing changed.
 */
export function liveOutletReviewWriter(seconds: number): (db: Db, userIds: string[]) => Promise<number | null> {
  let last = '';
  return async (db, userIds) => {
    if (userIds.length === 0) return null;
    // The newest event and how many are in the window: a publication that commits late
    // with an older time still changes the count.
    const { newest, recent } = await db
      .selectFrom('outlet_review_events')
      .select([sql<string | null>`max(recorded_at)::text`.as('newest'), sql<number>`count(*)::int`.as('recent')])
      .where('recorded_at', '>', sql<Date>`now() - make_interval(secs => ${sql.lit(seconds)})`)
      .executeTakeFirstOrThrow();
    if (newest === null) return null;
    const signature = `${newest} ${recent} ${[...userIds].sort().join(',')}`;
    if (signature === last) return null;
    const written = await writeRecentOutletReviews(db, userIds, seconds);
    last = signature;
    return written;
  };
}

/** The source was withdrawn (an unlike, an unfollow): its notification goes too. */
export async function withdrawNotification(
  trx: Trx | Db,
  userId: string,
  kind: NotificationKind,
  source: string,
): Promise<void> {
  await trx
    .deleteFrom('notifications')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('source', '=', source)
    .execute();
}

const since = (hours: number) => sql<Date>`now() - make_interval(hours => ${hours}::int)`;

function toItem(row: {
  id: string;
  kind: string;
  data: unknown;
  created_at: Date;
  read_at: Date | null;
}): NotificationItem {
  const kind = row.kind as NotificationKind;
  const data = row.data as NotificationData;
  return {
    id: row.id,
    kind,
    data,
    createdAt: row.created_at.toISOString(),
    read: row.read_at !== null,
    ...describeNotification(kind, data),
  };
}

/** A user's notifications within their tier's retention, newest first, and the unread count. */
export async function listNotifications(db: Db, userId: string, options: { limit?: number; before?: string } = {}) {
  const hours = retentionHours(await getUserTier(db, userId));
  // The first page brings the inbox up to date; a later page reads what that one wrote.
  if (!options.before) await syncInbox(db, userId, hours);
  let query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'data', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since(hours))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 50);
  if (options.before) query = query.where('id', '<', options.before);
  const [rows, unread] = await Promise.all([query.execute(), unreadCount(db, userId, hours)]);
  return { items: rows.map(toItem), unread, retentionHours: hours };
}

export async function unreadCount(db: Db, userId: string, hours?: number): Promise<number> {
  const keep = hours ?? retentionHours(await getUserTier(db, userId));
  const row = await db
    .selectFrom('notifications')
    .select(sql<string>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('created_at', '>', since(keep))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the user's own notifications read (others' ids match nothing); returns how many changed. */
export async function markRead(db: Db, userId: string, target: { all: true } | { ids: string[] }): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if ('ids' in target) query = query.where('id', 'in', target.ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function getPreferences(db: Db, userId: string): Promise<Record<NotificationKind, boolean>> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
  const prefs = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as Record<NotificationKind, boolean>;
  for (const row of rows) if (row.kind in prefs) prefs[row.kind] = row.enabled;
  return prefs;
}

export async function setPreferences(
  db: Db,
  userId: string,
  changes: Partial<Record<NotificationKind, boolean>>,
): Promise<void> {
  const values = Object.entries(changes)
    .filter((entry): entry is [NotificationKind, boolean] => typeof entry[1] === 'boolean')
    .map(([kind, enabled]) => ({ user_id: userId, kind, enabled }));
  if (values.length === 0) return;
  await db
    .insertInto('notification_preferences')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'kind']).doUpdateSet({
        enabled: sql`excluded.enabled`,
        // Turned back on: what was published while it was off is not told afterwards.
        enabled_at: sql`case when excluded.enabled and not notification_preferences.enabled then now() else notification_preferences.enabled_at end`,
      }),
    )
    .execute();
}

/**
 * Deletes what no tier keeps any more: each user's notifications older than their tier's
 * hours (24, 72, 168 by tier; users without an active paid plan are Free).
 */
export async function deleteExpiredNotifications(db: Db | Trx): Promise<number> {
  const free = retentionHours('free');
  const result = await sql`
    delete from public.notifications n
    where n.created_at < now() - make_interval(hours => ${free}::int)
      and n.created_at < now() - make_interval(hours => coalesce((
        select case p.name when 'premium' then ${retentionHours('premium')}::int when 'ad_free' then ${retentionHours('ad_free')}::int else ${free}::int end
        from public.user_subscriptions s join public.subscription_plans p on p.id = s.plan_id
        where s.user_id = n.user_id and s.status = 'active'), ${free}::int))`.execute(db);
  // Outlet reviews nobody read in time are not written any more.
  await sql`delete from public.outlet_review_events where created_at < now() - make_interval(hours => ${Math.max(...TIERS.map(retentionHours))}::int)`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

/** Notifies everyone who wishlisted a game released today (UTC); idempotent, run by a job. */
export async function notifyWishlistReleases(db: Db | Trx): Promise<number> {
  const result = await sql`
    insert into public.notifications (user_id, kind, source, data)
    select ug.user_id, 'wishlist_release', 'game:' || g.id,
           jsonb_build_object('gameId', g.id, 'game', g.title, 'gameSlug', g.slug)
    from public.games g
    join public.user_games ug on ug.game_id = g.id and ug.wishlist
    where g.release_date = (now() at time zone 'utc')::date
      and not exists (select 1 from public.notification_preferences p
                      where p.user_id = ug.user_id and p.kind = 'wishlist_release' and not p.enabled)
    on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/dashboard/notifications': 5,
} as const satisfies QueryBudgets;
