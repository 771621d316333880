import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { ACTIVITY_KINDS } from './activity.ts';
import { recordActivity, recordHistory, retractActivity, type ActivitySubscriber } from './activity.server.ts';

let connection: DatabaseConnection;
const alice = randomUUID();
const bob = randomUUID();

/** Counts what it hears, the way an XP ledger would: +1 per recorded, -1 per retracted. */
function counter(kinds: ActivitySubscriber['kinds'] = 'all') {
  const heard: string[] = [];
  const subscriber: ActivitySubscriber = {
    name: 'counter',
    kinds,
    onRecorded: async (_trx, event, status) => void heard.push(`${status}:${event.kind}:${event.subjectId}`),
    onRetracted: async (_trx, event) => void heard.push(`retracted:${event.kind}:${event.subjectId}`),
  };
  return { heard, subscriber };
}

beforeAll(async () => {
  connection = await createTestDatabase();
  for (const [id, name] of [
    [alice, 'alice'],
    [bob, 'bob'],
  ] as const) {
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${id}, ${`${name}@example.test`}, now(), ${JSON.stringify({ username: name, full_name: name })}::jsonb)`.execute(
      connection.db,
    );
  }
});

afterAll(() => connection.close());

describe('activity kinds', () => {
  it('are the same in the code and in the database', async () => {
    const rows = await connection.db.selectFrom('activity_kinds').select('kind').orderBy('kind').execute();
    expect(rows.map((row) => row.kind)).toEqual([...ACTIVITY_KINDS].sort());
  });
});

describe('recordActivity', () => {
  it("records an event in the caller's transaction and tells the subscribers that listen", async () => {
    const { heard, subscriber } = counter(['list_liked']);
    const other = counter(['review_published']);
    const outcome = await connection.db.transaction().execute((trx) =>
      recordActivity(
        trx,
        {
          actorId: alice,
          kind: 'list_liked',
          subjectType: 'list',
          subjectId: 7,
          targetUserId: bob,
          data: { title: 'Best RPGs' },
        },
        [subscriber, other.subscriber],
      ),
    );
    expect(outcome.status).toBe('recorded');
    expect(outcome.event).toMatchObject({
      actorId: alice,
      targetUserId: bob,
      subjectId: '7',
      data: { title: 'Best RPGs' },
      isPublic: true,
    });
    expect(heard).toEqual(['recorded:list_liked:7']);
    expect(other.heard).toEqual([]);
  });

  it('records a once-only event once: the same key again is a duplicate and nobody hears it twice', async () => {
    const { heard, subscriber } = counter();
    const like = {
      actorId: bob,
      kind: 'list_liked',
      subjectType: 'list',
      subjectId: '9',
      dedupeKey: 'list:9',
    } as const;
    const first = await connection.db.transaction().execute((trx) => recordActivity(trx, like, [subscriber]));
    const second = await connection.db.transaction().execute((trx) => recordActivity(trx, like, [subscriber]));
    expect([first.status, second.status]).toEqual(['recorded', 'duplicate']);
    expect(second.event.id).toBe(first.event.id);
    expect(heard).toEqual(['recorded:list_liked:9']);
  });

  it('reinstates a retracted once-only event instead of adding a second one', async () => {
    const { heard, subscriber } = counter();
    const like = {
      actorId: alice,
      kind: 'list_liked',
      subjectType: 'list',
      subjectId: '11',
      dedupeKey: 'list:11',
    } as const;
    await connection.db.transaction().execute((trx) => recordActivity(trx, like, [subscriber]));
    const retracted = await connection.db
      .transaction()
      .execute((trx) =>
        retractActivity(trx, { kind: 'list_liked', subjectType: 'list', subjectId: 11, actorId: alice }, [subscriber]),
      );
    const again = await connection.db.transaction().execute((trx) => recordActivity(trx, like, [subscriber]));
    expect(retracted).toBe(1);
    expect(again.status).toBe('reinstated');
    expect(heard).toEqual(['recorded:list_liked:11', 'retracted:list_liked:11', 'reinstated:list_liked:11']);
    const rows = await connection.db
      .selectFrom('activity_events')
      .select(['id', 'retracted_at'])
      .where('dedupe_key', '=', 'list:11')
      .execute();
    expect(rows).toEqual([{ id: again.event.id, retracted_at: null }]);
  });

  it('rolls back the change with the event when a subscriber fails', async () => {
    const failing: ActivitySubscriber = {
      name: 'failing',
      kinds: 'all',
      onRecorded: async () => {
        throw new Error('ledger full');
      },
    };
    await expect(
      connection.db.transaction().execute(async (trx) => {
        await trx.updateTable('profiles').set({ bio: 'changed' }).where('id', '=', alice).execute();
        await recordActivity(
          trx,
          { actorId: alice, kind: 'profile_updated', subjectType: 'profile', subjectId: alice },
          [failing],
        );
      }),
    ).rejects.toThrow('ledger full');
    const profile = await connection.db
      .selectFrom('profiles')
      .select('bio')
      .where('id', '=', alice)
      .executeTakeFirstOrThrow();
    expect(profile.bio).toBeNull();
    const events = await connection.db
      .selectFrom('activity_events')
      .select('id')
      .where('kind', '=', 'profile_updated')
      .execute();
    expect(events).toEqual([]);
  });

  it('refuses to run outside a transaction and refuses malformed events before the database sees them', async () => {
    const db = connection.db;
    await expect(
      recordActivity(db as never, { actorId: alice, kind: 'daily_visit', subjectType: 'day', subjectId: '2026-11-23' }),
    ).rejects.toThrow(/inside the transaction/);
    await expect(
      db
        .transaction()
        .execute((trx) =>
          recordActivity(trx, { actorId: alice, kind: 'made_up' as never, subjectType: 'game', subjectId: 1 }),
        ),
    ).rejects.toThrow();
    await expect(
      db.transaction().execute((trx) =>
        recordActivity(trx, {
          actorId: alice,
          kind: 'daily_visit',
          subjectType: 'day',
          subjectId: '1',
          data: { note: 'x'.repeat(201) },
        }),
      ),
    ).rejects.toThrow();
  });
});

describe('retractActivity', () => {
  it("retracts every actor's live events of a deleted subject, once", async () => {
    const { heard, subscriber } = counter();
    await connection.db.transaction().execute(async (trx) => {
      await recordActivity(
        trx,
        { actorId: alice, kind: 'review_voted_helpful', subjectType: 'user_review', subjectId: 5, targetUserId: bob },
        [subscriber],
      );
      await recordActivity(
        trx,
        { actorId: bob, kind: 'review_voted_helpful', subjectType: 'user_review', subjectId: 5, targetUserId: alice },
        [subscriber],
      );
    });
    const retract = { kind: 'review_voted_helpful', subjectType: 'user_review', subjectId: 5 } as const;
    const first = await connection.db.transaction().execute((trx) => retractActivity(trx, retract, [subscriber]));
    const second = await connection.db.transaction().execute((trx) => retractActivity(trx, retract, [subscriber]));
    expect([first, second]).toEqual([2, 0]);
    expect(heard.filter((line) => line.startsWith('retracted')).length).toBe(2);
  });

  it('goes with the account that did it', async () => {
    const carol = randomUUID();
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${carol}, 'carol@example.test', now(), ${JSON.stringify({ username: 'carol', full_name: 'Carol' })}::jsonb)`.execute(
      connection.db,
    );
    await connection.db
      .transaction()
      .execute((trx) =>
        recordActivity(trx, { actorId: carol, kind: 'daily_visit', subjectType: 'day', subjectId: '2026-11-23' }, []),
      );
    await sql`delete from auth.users where id = ${carol}`.execute(connection.db);
    const left = await connection.db.selectFrom('activity_events').select('id').where('actor_id', '=', carol).execute();
    expect(left).toEqual([]);
  });
});

describe('recordHistory', () => {
  it('records past events at their own moments, in order, with the XP, levels and notifications they earn', async () => {
    const carol = randomUUID();
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${carol}, 'carol@example.test', now(), '{"username":"carol","full_name":"carol"}'::jsonb)`.execute(
      connection.db,
    );
    const day = 86_400_000;
    const start = Date.parse('2026-03-02T09:00:00Z');
    // Ten reviews on ten days (25 XP each, under the daily cap) and a follow of carol by bob.
    const events = [
      ...Array.from({ length: 10 }, (_, i) => ({
        actorId: carol,
        kind: 'review_published' as const,
        subjectType: 'user_review',
        subjectId: `history-${i}`,
        dedupeKey: `review:history-${i}`,
        at: new Date(start + (9 - i) * day),
      })),
      {
        actorId: bob,
        kind: 'user_followed' as const,
        subjectType: 'profile',
        subjectId: carol,
        targetUserId: carol,
        dedupeKey: `user:${carol}`,
        at: new Date(start),
      },
    ];
    const recorded = await connection.db.transaction().execute((trx) => recordHistory(trx, events));
    expect(recorded.map((event) => event.createdAt.getTime())).toEqual(
      [...recorded.map((event) => event.createdAt.getTime())].sort((a, b) => a - b),
    );
    const ledger = await connection.db
      .selectFrom('xp_ledger')
      .select(['points', 'created_at'])
      .where('user_id', '=', carol)
      .orderBy('created_at')
      .execute();
    expect(ledger.map((row) => row.created_at.getTime())).toEqual(
      Array.from({ length: 10 }, (_, i) => start + i * day),
    );
    const xp = await connection.db
      .selectFrom('user_xp')
      .selectAll()
      .where('user_id', '=', carol)
      .executeTakeFirstOrThrow();
    expect(xp.total).toBe(250);
    // Each level reached is announced at the moment of the award that reached it.
    const levels = await connection.db
      .selectFrom('activity_events')
      .select(['subject_id', 'created_at'])
      .where('actor_id', '=', carol)
      .where('kind', '=', 'level_up')
      .orderBy('created_at')
      .execute();
    expect(levels.length).toBe(xp.level - 1);
    for (const level of levels)
      expect(ledger.map((row) => row.created_at.getTime())).toContain(level.created_at.getTime());
    const notifications = await connection.db
      .selectFrom('notifications')
      .select(['kind', 'data'])
      .where('user_id', '=', carol)
      .orderBy('kind')
      .execute();
    expect(notifications.filter((row) => row.kind === 'new_follower')).toEqual([
      { kind: 'new_follower', data: { actor: 'bob' } },
    ]);
    expect(notifications.filter((row) => row.kind === 'level_up')).toHaveLength(levels.length);

    // History is written once: the same once-only event again is an error, not a silent duplicate.
    await expect(connection.db.transaction().execute((trx) => recordHistory(trx, [events[0]!]))).rejects.toThrow();
  });
});
