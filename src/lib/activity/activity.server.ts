import { sql, type Selectable, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { ActivityEventsTable, Database } from '../db/schema.ts';
import {
  newActivitySchema,
  type ActivityEvent,
  type ActivityKind,
  type NewActivity,
  type RecordOutcome,
} from './activity.ts';
import { ACTIVITY_SUBSCRIBERS } from './subscribers.server.ts';

type Trx = Transaction<Database>;

/** Something derived from activity (XP, notifications), applied in the same transaction. */
export interface ActivitySubscriber {
  name: string;
  kinds: readonly ActivityKind[] | 'all';
  /** A new event, or a once-only event reinstated after a retraction. */
  onRecorded?(trx: Trx, event: ActivityEvent, status: 'recorded' | 'reinstated'): Promise<void>;
  /** Many new events at once (an import), in order: what onRecorded does for each, in as few statements as it can. */
  onRecordedMany?(trx: Trx, events: readonly ActivityEvent[]): Promise<void>;
  /** The event's source was deleted: take back what was derived from it. */
  onRetracted?(trx: Trx, event: ActivityEvent): Promise<void>;
}

const listens = (subscriber: ActivitySubscriber, kind: ActivityKind) =>
  subscriber.kinds === 'all' || subscriber.kinds.includes(kind);

function toEvent(row: Selectable<ActivityEventsTable>): ActivityEvent {
  return {
    id: row.id,
    actorId: row.actor_id,
    kind: row.kind as ActivityKind,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    targetUserId: row.target_user_id,
    gameId: row.game_id,
    data: row.data as ActivityEvent['data'],
    isPublic: row.is_public,
    dedupeKey: row.dedupe_key,
    createdAt: row.created_at,
  };
}

function rowValues(event: z.output<typeof newActivitySchema>) {
  return {
    actor_id: event.actorId,
    kind: event.kind,
    subject_type: event.subjectType,
    subject_id: event.subjectId,
    target_user_id: event.targetUserId ?? null,
    game_id: event.gameId ?? null,
    data: JSON.stringify(event.data),
    is_public: event.isPublic,
    dedupe_key: event.dedupeKey ?? null,
    ...(event.at ? { created_at: event.at } : {}),
  };
}

/**
 * Records what a user did, in the caller's transaction (the one that made the change),
 * and runs the subscribers. An event with a dedupe key is once-only per actor and kind:
 * recording it again is a `duplicate` (nothing runs), unless it had been retracted, in
 * which case it is `reinstated`. Must be called inside a transaction: a failure
 * anywhere leaves neither the change nor its consequences.
 */
export async function recordActivity(
  trx: Trx,
  input: NewActivity,
  subscribers: readonly ActivitySubscriber[] = ACTIVITY_SUBSCRIBERS,
): Promise<RecordOutcome> {
  if (!trx.isTransaction) throw new Error('recordActivity must run inside the transaction that made the change.');
  const event = newActivitySchema.parse(input);
  const values = rowValues(event);
  // One statement decides, even against a concurrent twin: a new row is inserted; a
  // retracted once-only row is reinstated (xmax <> 0 tells an update from an insert);
  // a live once-only row returns nothing.
  const row = await trx
    .insertInto('activity_events')
    .values(values)
    .onConflict((conflict) =>
      conflict
        .columns(['actor_id', 'kind', 'dedupe_key'])
        .where('dedupe_key', 'is not', null)
        .doUpdateSet({ retracted_at: null, created_at: sql<Date>`now()` })
        .where('activity_events.retracted_at', 'is not', null),
    )
    .returningAll()
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirst();

  if (!row) {
    const existing = await trx
      .selectFrom('activity_events')
      .selectAll()
      .where('actor_id', '=', event.actorId)
      .where('kind', '=', event.kind)
      .where('dedupe_key', '=', event.dedupeKey ?? '')
      .executeTakeFirstOrThrow();
    return { status: 'duplicate', event: toEvent(existing) };
  }
  const status = row.inserted ? 'recorded' : 'reinstated';
  const recorded = toEvent(row);
  for (const subscriber of subscribers) {
    if (listens(subscriber, recorded.kind)) await subscriber.onRecorded?.(trx, recorded, status);
  }
  return { status, event: recorded };
}

/**
 * Records many events of one change at once (an import's statuses), in the caller's
 * transaction: one insert for all of them, then each subscriber once for the lot (or event
 * by event when it has no bulk path). Only events without a dedupe key: a once-only event
 * decides duplicate or reinstated on its own row, so it goes through recordActivity.
 */
export async function recordActivities(
  trx: Trx,
  inputs: readonly NewActivity[],
  subscribers: readonly ActivitySubscriber[] = ACTIVITY_SUBSCRIBERS,
): Promise<ActivityEvent[]> {
  if (!trx.isTransaction) throw new Error('recordActivities must run inside the transaction that made the change.');
  if (inputs.length === 0) return [];
  const events = inputs.map((input) => newActivitySchema.parse(input));
  if (events.some((event) => event.dedupeKey))
    throw new Error('recordActivities takes events without a dedupe key: record once-only events with recordActivity.');
  const rows = await trx.insertInto('activity_events').values(events.map(rowValues)).returningAll().execute();
  return runSubscribers(trx, rows.map(toEvent), subscribers);
}

async function runSubscribers(
  trx: Trx,
  recorded: ActivityEvent[],
  subscribers: readonly ActivitySubscriber[],
): Promise<ActivityEvent[]> {
  for (const subscriber of subscribers) {
    const heard = recorded.filter((event) => listens(subscriber, event.kind));
    if (heard.length === 0) continue;
    if (subscriber.onRecordedMany) await subscriber.onRecordedMany(trx, heard);
    else for (const event of heard) await subscriber.onRecorded?.(trx, event, 'recorded');
  }
  return recorded;
}

/**
 * Records what happened before now, all at once (the demo community's past months): one
 * insert per thousand events, each at its own `at`, once-only events included (history is
 * written once, so a clash with a live event is an error), then each subscriber once for
 * the lot in the order things happened, as recordActivities does for an import.
 */
export async function recordHistory(
  trx: Trx,
  inputs: readonly (NewActivity & { at: Date })[],
  subscribers: readonly ActivitySubscriber[] = ACTIVITY_SUBSCRIBERS,
): Promise<ActivityEvent[]> {
  if (!trx.isTransaction) throw new Error('recordHistory must run inside the transaction that made the change.');
  const events = inputs
    .map((input) => newActivitySchema.parse(input))
    .sort((a, b) => a.at!.getTime() - b.at!.getTime());
  const recorded: ActivityEvent[] = [];
  for (let start = 0; start < events.length; start += 1000) {
    const rows = await trx
      .insertInto('activity_events')
      .values(events.slice(start, start + 1000).map(rowValues))
      .returningAll()
      .execute();
    recorded.push(...rows.map(toEvent));
  }
  recorded.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || Number(a.id) - Number(b.id));
  return runSubscribers(trx, recorded, subscribers);
}

export interface RetractMatch {
  kind: ActivityKind;
  subjectType: string;
  subjectId: string | number;
  /** Only this actor's events (a withdrawn like); omit for every actor's (a deleted list). */
  actorId?: string;
}

/**
 * The source of some events was deleted (a review removed, a like withdrawn): marks its
 * live events retracted and lets the subscribers take back what they derived. Returns
 * how many events were retracted.
 */
export async function retractActivity(
  trx: Trx,
  match: RetractMatch,
  subscribers: readonly ActivitySubscriber[] = ACTIVITY_SUBSCRIBERS,
): Promise<number> {
  if (!trx.isTransaction) throw new Error('retractActivity must run inside the transaction that made the change.');
  let query = trx
    .updateTable('activity_events')
    .set({ retracted_at: sql<Date>`now()` })
    .where('kind', '=', match.kind)
    .where('subject_type', '=', match.subjectType)
    .where('subject_id', '=', String(match.subjectId))
    .where('retracted_at', 'is', null);
  if (match.actorId) query = query.where('actor_id', '=', match.actorId);
  const rows = await query.returningAll().execute();
  for (const row of rows) {
    const event = toEvent(row);
    for (const subscriber of subscribers) {
      if (listens(subscriber, event.kind)) await subscriber.onRetracted?.(trx, event);
    }
  }
  return rows.length;
}
