import {
  notify,
  notifyMany,
  withdrawNotification,
  type NewNotification,
} from '../notifications/notifications.server.ts';
import type { ActivityEvent } from './activity.ts';
import type { ActivitySubscriber } from './activity.server.ts';

/** The notification an event raises for someone, if any (never for acting on your own things). */
export function notificationFor(
  event: ActivityEvent,
): (Omit<NewNotification, 'data'> & { data: NewNotification['data'] }) | null {
  const target = event.targetUserId && event.targetUserId !== event.actorId ? event.targetUserId : null;
  switch (event.kind) {
    case 'list_liked':
      return target
        ? {
            userId: target,
            kind: 'list_liked',
            source: `list:${event.subjectId}:by:${event.actorId}`,
            actorId: event.actorId,
            data: { listId: event.subjectId, title: event.data.title ?? null },
          }
        : null;
    case 'review_voted_helpful':
      return target
        ? {
            userId: target,
            kind: 'review_helpful',
            source: `review:${event.subjectId}:by:${event.actorId}`,
            actorId: event.actorId,
            data: { reviewId: event.subjectId },
          }
        : null;
    case 'user_followed':
      return target
        ? { userId: target, kind: 'new_follower', source: `user:${event.actorId}`, actorId: event.actorId, data: {} }
        : null;
    case 'level_up':
      return {
        userId: event.actorId,
        kind: 'level_up',
        source: `level:${event.subjectId}`,
        data: { level: Number(event.subjectId), name: event.data.name ?? null },
      };
    case 'content_hidden':
      return target
        ? {
            userId: target,
            kind: 'content_hidden',
            source: `${event.subjectType}:${event.subjectId}:${event.id}`,
            data: {
              subjectType: event.subjectType,
              title: event.data.title ?? null,
              reason: event.data.reason ?? null,
            },
          }
        : null;
    case 'coverage_requested':
      return target
        ? {
            userId: target,
            kind: 'coverage_requested',
            source: `game:${event.gameId}:outlet:${String(event.data.outletId)}`,
            data: {
              game: event.data.game ?? null,
              gameSlug: event.data.gameSlug ?? null,
              outlet: event.data.outlet ?? null,
            },
          }
        : null;
    default:
      return null;
  }
}

export const notifySubscriber: ActivitySubscriber = {
  name: 'notifications',
  kinds: ['list_liked', 'review_voted_helpful', 'user_followed', 'level_up', 'content_hidden', 'coverage_requested'],
  async onRecorded(trx, event, status) {
    const notification = notificationFor(event);
    if (!notification) return;
    // A like given again after an unlike does not notify twice in a row (once per reinstatement is fine).
    if (status === 'reinstated' && event.kind === 'level_up') return;
    if (notification.actorId) {
      const actor = await trx
        .selectFrom('profiles')
        .select('username')
        .where('id', '=', notification.actorId)
        .executeTakeFirst();
      notification.data = { ...notification.data, actor: actor?.username ?? null };
    }
    await notify(trx, notification);
  },
  async onRecordedMany(trx, events) {
    const notifications = events.flatMap((event) => notificationFor(event) ?? []);
    const actors = [...new Set(notifications.flatMap((n) => (n.actorId ? [n.actorId] : [])))];
    const names = new Map(
      actors.length === 0
        ? []
        : (await trx.selectFrom('profiles').select(['id', 'username']).where('id', 'in', actors).execute()).map(
            (row) => [row.id, row.username] as const,
          ),
    );
    await notifyMany(
      trx,
      notifications.map((n) => (n.actorId ? { ...n, data: { ...n.data, actor: names.get(n.actorId) ?? null } } : n)),
    );
  },
  async onRetracted(trx, event) {
    const notification = notificationFor(event);
    if (notification) await withdrawNotification(trx, notification.userId, notification.kind, notification.source);
  },
};
