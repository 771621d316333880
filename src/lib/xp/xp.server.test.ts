import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { recordActivity, retractActivity } from '../activity/activity.server.ts';
import type { NewActivity } from '../activity/activity.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { awardXp, earnedToday, levelOf } from './xp.server.ts';
import { DAILY_CAP } from './xp.ts';

let connection: DatabaseConnection;

async function newUser(name: string): Promise<string> {
  const id = randomUUID();
  await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
            values (${id}, ${`${name}@example.test`}, now(), ${JSON.stringify({ username: name, full_name: name })}::jsonb)`.execute(
    connection.db,
  );
  return id;
}

const record = (activity: NewActivity) => connection.db.transaction().execute((trx) => recordActivity(trx, activity));
const totalOf = async (userId: string) => (await levelOf(connection.db, userId)).total;
const ledgerRows = (userId: string) =>
  connection.db.selectFrom('xp_ledger').selectAll().where('user_id', '=', userId).execute();

beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(() => connection.close());

describe('XP from activity', () => {
  it('awards an event once: the same event twice, or the same award again, counts once', async () => {
    const alice = await newUser('xpalice');
    await record({
      actorId: alice,
      kind: 'review_published',
      subjectType: 'user_review',
      subjectId: 9,
      data: { rating: 8 },
      dedupeKey: 'review:9',
    });
    await record({
      actorId: alice,
      kind: 'review_published',
      subjectType: 'user_review',
      subjectId: 9,
      data: { rating: 8 },
      dedupeKey: 'review:9',
    });
    const again = await connection.db
      .transaction()
      .execute((trx) => awardXp(trx, { userId: alice, kind: 'review_published', source: 'review:9' }));
    expect(again.status).toBe('duplicate');
    expect(await totalOf(alice)).toBe(25);
    expect(await ledgerRows(alice)).toHaveLength(1);
  });

  it('takes the XP back with a reversal row when the source is deleted, and never re-awards it', async () => {
    const bob = await newUser('xpbob');
    await record({
      actorId: bob,
      kind: 'review_published',
      subjectType: 'user_review',
      subjectId: 10,
      dedupeKey: 'review:10',
    });
    expect(await totalOf(bob)).toBe(25);
    await connection.db
      .transaction()
      .execute((trx) => retractActivity(trx, { kind: 'review_published', subjectType: 'user_review', subjectId: 10 }));
    expect(await totalOf(bob)).toBe(0);
    expect((await ledgerRows(bob)).map((row) => row.points).sort()).toEqual([-25, 25]);
    // Published again (reinstated): not counted a second time.
    await record({
      actorId: bob,
      kind: 'review_published',
      subjectType: 'user_review',
      subjectId: 10,
      dedupeKey: 'review:10',
    });
    expect(await totalOf(bob)).toBe(0);
  });

  it('gives the target XP for a like or a helpful vote, but nothing for your own content', async () => {
    const owner = await newUser('xpowner');
    const fan = await newUser('xpfan');
    await record({
      actorId: fan,
      kind: 'list_liked',
      subjectType: 'list',
      subjectId: 3,
      targetUserId: owner,
      data: { title: 'RPGs' },
      dedupeKey: 'list:3',
    });
    await record({
      actorId: owner,
      kind: 'list_liked',
      subjectType: 'list',
      subjectId: 4,
      targetUserId: owner,
      dedupeKey: 'list:4',
    });
    await record({
      actorId: owner,
      kind: 'review_voted_helpful',
      subjectType: 'user_review',
      subjectId: 5,
      targetUserId: owner,
      dedupeKey: 'review:5',
    });
    expect(await totalOf(owner)).toBe(5);
    expect(await totalOf(fan)).toBe(0);
    // The unlike takes it back.
    await connection.db
      .transaction()
      .execute((trx) => retractActivity(trx, { kind: 'list_liked', subjectType: 'list', subjectId: 3, actorId: fan }));
    expect(await totalOf(owner)).toBe(0);
  });

  it('caps a UTC day at 200 points except for milestones, and starts again after midnight', async () => {
    const carol = await newUser('xpcarol');
    const late = new Date('2026-11-20T23:50:00Z');
    await connection.db.transaction().execute(async (trx) => {
      for (let id = 1; id <= 10; id++)
        await awardXp(trx, { userId: carol, kind: 'review_published', source: `review:c${id}`, at: late });
      await awardXp(trx, { userId: carol, kind: 'account_confirmed', source: 'account', at: late });
    });
    // The day's points are what the cap counts: the milestone is outside them.
    expect(await earnedToday(connection.db, carol, late)).toBe(DAILY_CAP);
    expect(await totalOf(carol)).toBe(DAILY_CAP + 50);
    const rows = await ledgerRows(carol);
    expect(rows.filter((row) => row.points === 0)).toHaveLength(2);
    const nextDay = new Date('2026-11-21T00:00:01Z');
    await connection.db
      .transaction()
      .execute((trx) => awardXp(trx, { userId: carol, kind: 'review_published', source: 'review:c11', at: nextDay }));
    expect(await totalOf(carol)).toBe(DAILY_CAP + 50 + 25);
    expect(await earnedToday(connection.db, carol, nextDay)).toBe(25);
  });

  it('raises the level in the same transaction and notifies the level-up once', async () => {
    const dave = await newUser('xpdave');
    await record({
      actorId: dave,
      kind: 'account_confirmed',
      subjectType: 'profile',
      subjectId: dave,
      isPublic: false,
      dedupeKey: 'once',
    });
    const level = await levelOf(connection.db, dave);
    expect(level).toMatchObject({ total: 50, level: 2 });
    const stored = await connection.db
      .selectFrom('user_xp')
      .select('level')
      .where('user_id', '=', dave)
      .executeTakeFirstOrThrow();
    expect(stored.level).toBe(2);
    const notes = await connection.db
      .selectFrom('notifications')
      .select(['kind', 'source'])
      .where('user_id', '=', dave)
      .execute();
    expect(notes).toEqual([{ kind: 'level_up', source: 'level:2' }]);
  });

  it('awards statuses per game, completion once, lists from 5 games, follows and daily visits', async () => {
    const erin = await newUser('xperin');
    await record({
      actorId: erin,
      kind: 'game_status_set',
      subjectType: 'game',
      subjectId: 1,
      data: { status: 'playing', previous: null },
    });
    await record({
      actorId: erin,
      kind: 'game_status_set',
      subjectType: 'game',
      subjectId: 1,
      data: { status: 'completed', previous: 'playing' },
    });
    await record({
      actorId: erin,
      kind: 'game_status_set',
      subjectType: 'game',
      subjectId: 1,
      data: { status: 'completed', previous: 'played' },
    });
    expect(await totalOf(erin)).toBe(2 + 10);
    await record({
      actorId: erin,
      kind: 'list_entry_added',
      subjectType: 'list',
      subjectId: 8,
      data: { count: 4 },
      dedupeKey: 'list:8:game:4',
    });
    expect(await totalOf(erin)).toBe(12);
    await record({
      actorId: erin,
      kind: 'list_entry_added',
      subjectType: 'list',
      subjectId: 8,
      data: { count: 5 },
      dedupeKey: 'list:8:game:5',
    });
    await record({
      actorId: erin,
      kind: 'list_entry_added',
      subjectType: 'list',
      subjectId: 8,
      data: { count: 6 },
      dedupeKey: 'list:8:game:6',
    });
    expect(await totalOf(erin)).toBe(27);
    await record({
      actorId: erin,
      kind: 'outlet_followed',
      subjectType: 'outlet',
      subjectId: 2,
      dedupeKey: 'outlet:2',
    });
    await record({
      actorId: erin,
      kind: 'daily_visit',
      subjectType: 'day',
      subjectId: '2026-11-23',
      isPublic: false,
      dedupeKey: '2026-11-23',
    });
    await record({
      actorId: erin,
      kind: 'daily_visit',
      subjectType: 'day',
      subjectId: '2026-11-23',
      isPublic: false,
      dedupeKey: '2026-11-23',
    });
    expect(await totalOf(erin)).toBe(27 + 2 + 5);
  });
});
