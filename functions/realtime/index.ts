import { sql } from 'kysely';
import { getDb } from '../../src/lib/db/db.server.ts';
import {
  describeNotification,
  type NotificationData,
  type NotificationKind,
} from '../../src/lib/notifications/notifications.ts';
import { liveOutletReviewWriter } from '../../src/lib/notifications/notifications.server.ts';
import { localAuthEnabled, localLiveSessions, localSessionIsLive, signingKey } from '../auth/index.ts';
import type { SigningKey } from '../auth/keys.ts';
import type { SessionLiveness } from '../auth/session-liveness.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { createRealtimeServer, type Identity, type NewNotificationRow, type RealtimeServer } from './server.ts';

/**
 * How the Realtime service knows users in local modes: access tokens of the local auth
 * service (signed with `key`) whose sessions still exist, asked of `sessions`.
 */
export function localTokenAuth(
  key: () => Promise<SigningKey>,
  sessions: Pick<SessionLiveness, 'isLive' | 'liveAmong'>,
  now: () => number = Date.now,
) {
  return {
    async verify(token: string): Promise<Identity | null> {
      const claims = await verifyAccessToken(await key(), token, Math.floor(now() / 1000));
      if (!claims.sub || !(await sessions.isLive(claims.session_id))) return null;
      return { userId: claims.sub, sessionId: claims.session_id, expiresAt: claims.exp ?? 0 };
    },
    liveSessions: (sessionIds: string[]) => sessions.liveAmong(sessionIds),
  };
}

/** What a client receives for a notification (the same item the notifications page lists). */
export function notificationPayload(row: {
  id: string;
  kind: string;
  data: unknown;
  created_at: Date;
}): Record<string, unknown> {
  const kind = row.kind as NotificationKind;
  const data = row.data as NotificationData;
  return {
    id: row.id,
    kind,
    data,
    createdAt: row.created_at.toISOString(),
    read: false,
    ...describeNotification(kind, data),
  };
}

/** Outlet reviews of the last 15 s (a late commit) for users with the site open, written once per listener. */
const writeForListeners = liveOutletReviewWriter(15);

export async function newNotificationsFor(afterId: string, userIds: string[]): Promise<NewNotificationRow[]> {
  const db = await getDb();
  // An outlet's followers are told on read; the ones listening now are told at once.
  await writeForListeners(db, userIds);
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'kind', 'data', 'created_at'])
    .where('id', '>', afterId)
    // Live means just now: an outlet review written when its reader came back is listed, not toasted.
    .where('created_at', '>', sql<Date>`now() - interval '2 minutes'`)
    .where('user_id', '=', sql<string>`any(${sql.val(userIds)}::uuid[])`)
    .orderBy('id')
    .limit(5000)
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id, payload: notificationPayload(row) }));
}

export async function latestNotificationId(): Promise<string> {
  const db = await getDb();
  const row = await db
    .selectFrom('notifications')
    .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The node server's Realtime service, or null where hosted Supabase Realtime is used. */
export function createLocalRealtime(): RealtimeServer | null {
  if (!localAuthEnabled()) return null;
  const auth = localTokenAuth(signingKey, { isLive: localSessionIsLive, liveAmong: localLiveSessions });
  return createRealtimeServer({ ...auth, newNotifications: newNotificationsFor, latestNotificationId });
}
