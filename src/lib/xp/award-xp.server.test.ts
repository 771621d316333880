import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigratedPostgres, createTestDatabase } from '../../../tests/helpers/database.ts';
import { openPostgres, type DatabaseConnection } from '../db/connect.server.ts';
import type { Database } from '../db/schema.ts';
import { awardXp, earnedToday, levelOf, reverseXp } from './xp.server.ts';
import { DAILY_CAP, grantable, LEVELS, levelForXp, periodStarts, XP_KINDS, XP_RULES } from './xp.ts';

// awardXp runs as one database function that is handed the rules of xp.ts; these tests keep
// what the database grants in step with those rules.

let connection: DatabaseConnection;
const DAY = new Date('2026-11-18T12:00:00Z');

async function newUser(db: Kysely<Database>): Promise<string> {
  const id = randomUUID();
  await sql`insert into auth.users (id, email) values (${id}, ${`${id}@example.test`})`.execute(db);
  return id;
}

/** A user who already earned `points` on DAY and holds `total` XP. */
async function userWith(db: Kysely<Database>, points: number, total: number): Promise<string> {
  const id = await newUser(db);
  const reached = new Date('2026-11-01T00:00:00Z');
  if (points > 0) {
    await db
      .insertInto('xp_periods')
      .values({ period: 'day', starts: periodStarts(DAY).day, user_id: id, points, reached_at: reached })
      .execute();
  }
  if (total > 0)
    await db
      .insertInto('user_xp')
      .values({ user_id: id, total, level: levelForXp(total).level, reached_at: reached })
      .execute();
  return id;
}

const award = (db: Kysely<Database>, userId: string, kind: (typeof XP_KINDS)[number], source = 'one', at: Date = DAY) =>
  db.transaction().execute((trx) => awardXp(trx, { userId, kind, source, at }));

beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(() => connection.close());

describe('awarding XP in the database', () => {
  it('grants what the rules of xp.ts grant, for every kind, under and over the daily cap', async () => {
    for (const kind of XP_KINDS) {
      for (const earned of [0, 190, DAILY_CAP - 1, DAILY_CAP, DAILY_CAP + 50]) {
        const user = await userWith(connection.db, earned, earned);
        const outcome = await award(connection.db, user, kind);
        const expected = grantable(kind, earned);
        expect({ kind, earned, outcome }).toEqual({
          kind,
          earned,
          outcome: {
            status: 'awarded',
            points: expected,
            total: earned + expected,
            level: levelForXp(earned + expected).level,
            previousLevel: levelForXp(earned).level,
          },
        });
        const ledger = await connection.db
          .selectFrom('xp_ledger')
          .select(['requested', 'points', 'created_at'])
          .where('user_id', '=', user)
          .executeTakeFirstOrThrow();
        expect(ledger).toEqual({ requested: XP_RULES[kind].points, points: expected, created_at: DAY });
        // What the cap counts: milestones are outside it.
        expect(await earnedToday(connection.db, user, DAY)).toBe(XP_RULES[kind].milestone ? earned : earned + expected);
      }
    }
  });

  it("leaves a new member the whole day's cap after the milestones (confirmation, profile)", async () => {
    const user = await newUser(connection.db);
    await award(connection.db, user, 'account_confirmed', 'account');
    await award(connection.db, user, 'profile_completed', 'profile');
    const milestones = XP_RULES.account_confirmed.points + XP_RULES.profile_completed.points;
    const worth = XP_RULES.review_published.points;
    const granted = [];
    for (let n = 0; n < DAILY_CAP / worth + 1; n += 1) {
      const outcome = await award(connection.db, user, 'review_published', `review:${n}`);
      granted.push(outcome.status === 'awarded' ? outcome.points : null);
    }
    expect(granted).toEqual([...Array.from({ length: DAILY_CAP / worth }, () => worth), 0]);
    expect(await earnedToday(connection.db, user, DAY)).toBe(DAILY_CAP);
    expect((await levelOf(connection.db, user)).total).toBe(DAILY_CAP + milestones);
    const starts = periodStarts(DAY);
    const periods = await connection.db
      .selectFrom('xp_periods')
      .select(['period', 'points'])
      .where('user_id', '=', user)
      .where('starts', 'in', [starts.week, starts.month])
      .orderBy('period')
      .execute();
    expect(periods).toEqual([
      { period: 'month', points: DAILY_CAP + milestones },
      { period: 'week', points: DAILY_CAP + milestones },
    ]);

    // Taking a milestone back leaves the day's capped points alone.
    await connection.db
      .transaction()
      .execute((trx) => reverseXp(trx, { userId: user, kind: 'profile_completed', source: 'profile' }));
    expect(await earnedToday(connection.db, user, DAY)).toBe(DAILY_CAP);
    expect((await levelOf(connection.db, user)).total).toBe(DAILY_CAP + XP_RULES.account_confirmed.points);
  });

  it('reaches each level exactly at the XP the level table names', async () => {
    const worth = XP_RULES.first_status.points;
    for (const level of LEVELS.slice(1)) {
      for (const total of [level.xp - 1, level.xp]) {
        const user = await userWith(connection.db, 0, total - worth);
        const outcome = await award(connection.db, user, 'first_status');
        expect(outcome).toMatchObject({ status: 'awarded', total, level: levelForXp(total).level });
        const stored = await connection.db
          .selectFrom('user_xp')
          .select(['total', 'level'])
          .where('user_id', '=', user)
          .executeTakeFirstOrThrow();
        expect(stored).toEqual({ total, level: levelForXp(total).level });
      }
    }
  });

  it('adds the points to the day, the week and the month of the award, and ties rank by who reached a total first', async () => {
    const user = await userWith(connection.db, 0, 0);
    await award(connection.db, user, 'review_published', 'a');
    const starts = periodStarts(DAY);
    const periods = await connection.db
      .selectFrom('xp_periods')
      .select(['period', 'starts', 'points', 'reached_at'])
      .where('user_id', '=', user)
      .orderBy('period')
      .execute();
    expect(periods).toEqual([
      { period: 'day', starts: starts.day, points: 25, reached_at: DAY },
      { period: 'month', starts: starts.month, points: 25, reached_at: DAY },
      { period: 'week', starts: starts.week, points: 25, reached_at: DAY },
    ]);
    // Over the cap: a ledger row worth 0 that leaves the totals and their reached_at alone.
    const capped = await userWith(connection.db, DAILY_CAP, 300);
    const later = new Date(DAY.getTime() + 60_000);
    expect(await award(connection.db, capped, 'daily_visit', 'b', later)).toMatchObject({
      status: 'awarded',
      points: 0,
      total: 300,
    });
    const kept = await connection.db
      .selectFrom('user_xp')
      .select('reached_at')
      .where('user_id', '=', capped)
      .executeTakeFirstOrThrow();
    expect(kept.reached_at).toEqual(new Date('2026-11-01T00:00:00Z'));
  });

  it('counts an award once: a duplicate changes nothing', async () => {
    const user = await userWith(connection.db, 0, 0);
    await award(connection.db, user, 'list_created', 'list:1');
    expect(await award(connection.db, user, 'list_created', 'list:1', new Date(DAY.getTime() + 1000))).toEqual({
      status: 'duplicate',
    });
    expect((await levelOf(connection.db, user)).total).toBe(15);
    expect(await earnedToday(connection.db, user, DAY)).toBe(15);
  });

  it('takes a reversed award back from the day, week and month it was earned in, and from the total and level', async () => {
    const user = await newUser(connection.db);
    const earlier = new Date('2026-10-30T09:00:00Z');
    await award(connection.db, user, 'review_published', 'review:1', earlier);
    await award(connection.db, user, 'list_created', 'list:1', earlier);
    const before = await levelOf(connection.db, user);
    const reachedBefore = (
      await connection.db
        .selectFrom('user_xp')
        .select('reached_at')
        .where('user_id', '=', user)
        .executeTakeFirstOrThrow()
    ).reached_at;
    const points = XP_RULES.review_published.points;

    const taken = await connection.db
      .transaction()
      .execute((trx) => reverseXp(trx, { userId: user, kind: 'review_published', source: 'review:1' }));
    expect(taken).toBe(points);
    const after = await levelOf(connection.db, user);
    expect(after.total).toBe(before.total - points);
    expect(after.level).toBe(levelForXp(after.total).level);
    const kept = await connection.db
      .selectFrom('user_xp')
      .select(['level', 'reached_at'])
      .where('user_id', '=', user)
      .executeTakeFirstOrThrow();
    expect(kept.level).toBe(levelForXp(after.total).level);
    // A loss does not move when the total was reached (leaderboard ties).
    expect(kept.reached_at).toEqual(reachedBefore);
    const starts = periodStarts(earlier);
    const periods = await connection.db
      .selectFrom('xp_periods')
      .select(['period', 'starts', 'points'])
      .where('user_id', '=', user)
      .orderBy('period')
      .execute();
    expect(periods.map((row) => [row.period, String(row.starts).slice(0, 10), row.points])).toEqual([
      ['day', starts.day, XP_RULES.list_created.points],
      ['month', starts.month, XP_RULES.list_created.points],
      ['week', starts.week, XP_RULES.list_created.points],
    ]);

    // Once only: a second reversal, or one of an award never made, takes nothing.
    expect(
      await connection.db
        .transaction()
        .execute((trx) => reverseXp(trx, { userId: user, kind: 'review_published', source: 'review:1' })),
    ).toBe(0);
    expect(
      await connection.db
        .transaction()
        .execute((trx) => reverseXp(trx, { userId: user, kind: 'review_published', source: 'review:2' })),
    ).toBe(0);
    expect((await levelOf(connection.db, user)).total).toBe(after.total);
    const ledger = await connection.db
      .selectFrom('xp_ledger')
      .select('points')
      .where('user_id', '=', user)
      .where('kind', '=', 'review_published')
      .execute();
    expect(ledger.map((row) => row.points).sort((x, y) => x - y)).toEqual([-points, points]);
  });

  it('takes a level back when a reversal drops the total below it, never below zero', async () => {
    const points = XP_RULES.review_published.points;
    const threshold = LEVELS[2]!.xp;
    const user = await userWith(connection.db, 0, threshold - points);
    await award(connection.db, user, 'review_published', 'review:7', new Date('2026-11-20T10:00:00Z'));
    expect(await levelOf(connection.db, user)).toMatchObject({ total: threshold, level: 3 });
    await connection.db
      .transaction()
      .execute((trx) => reverseXp(trx, { userId: user, kind: 'review_published', source: 'review:7' }));
    expect(
      await connection.db
        .selectFrom('user_xp')
        .select(['total', 'level'])
        .where('user_id', '=', user)
        .executeTakeFirstOrThrow(),
    ).toEqual({ total: threshold - points, level: 2 });

    // A total already lower than the award (an administrator's correction) stops at zero.
    await award(connection.db, user, 'review_published', 'review:8', new Date('2026-11-20T11:00:00Z'));
    await connection.db.updateTable('user_xp').set({ total: 10, level: 1 }).where('user_id', '=', user).execute();
    await connection.db
      .transaction()
      .execute((trx) => reverseXp(trx, { userId: user, kind: 'review_published', source: 'review:8' }));
    expect(
      await connection.db
        .selectFrom('user_xp')
        .select(['total', 'level'])
        .where('user_id', '=', user)
        .executeTakeFirstOrThrow(),
    ).toEqual({ total: 0, level: 1 });
  });

  it('refuses to award outside a transaction and is not callable by the API roles', async () => {
    await expect(
      awardXp(connection.db as never, { userId: randomUUID(), kind: 'daily_visit', source: 'x' }),
    ).rejects.toThrow(/inside the transaction/);
    const granted = await sql<{ allowed: boolean }>`
      select has_function_privilege(r.rolname, 'public.award_xp(uuid, text, text, integer, boolean, integer, integer[], timestamptz)', 'execute') as allowed
      from pg_roles r where r.rolname in ('anon', 'authenticated')`.execute(connection.db);
    expect(granted.rows).toEqual([{ allowed: false }, { allowed: false }]);
    for (const signature of [
      'public.reverse_xp(uuid, text, text, integer[], boolean)',
      'public.apply_xp_points(uuid, integer, timestamptz, timestamptz, integer[], boolean)',
    ]) {
      const allowed = await sql<{ allowed: boolean }>`
        select has_function_privilege(r.rolname, ${signature}, 'execute') as allowed
        from pg_roles r where r.rolname in ('anon', 'authenticated')`.execute(connection.db);
      expect(allowed.rows, signature).toEqual([{ allowed: false }, { allowed: false }]);
    }
    await expect(
      reverseXp(connection.db as never, { userId: randomUUID(), kind: 'daily_visit', source: 'x' }),
    ).rejects.toThrow(/inside the transaction/);
  });
});

describe('two awards at once (PostgreSQL)', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let a: DatabaseConnection;
  let b: DatabaseConnection;
  beforeAll(async () => {
    database = await createMigratedPostgres();
    if (!database) return;
    a = openPostgres(database.url, 2);
    b = openPostgres(database.url, 2);
  });
  afterAll(async () => {
    if (!database) return;
    await a.close();
    await b.close();
    await database.drop();
  });

  it('lets only one of two concurrent awards take the last 10 points of the day', async (context) => {
    if (!database) return context.skip('TEST_DATABASE_URL is not set');
    const user = await userWith(a.db, 190, 190);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first!: () => void;
    const awardedFirst = new Promise<void>((resolve) => (first = resolve));
    const one = a.db.transaction().execute(async (trx) => {
      const outcome = await awardXp(trx, { userId: user, kind: 'review_published', source: 'one', at: DAY });
      first();
      await held;
      return outcome;
    });
    await awardedFirst;
    const two = award(b.db, user, 'review_published', 'two');
    // The second waits on the day's row until the first commits.
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%award_xp%'`.execute(
        a.db,
      );
      if (rows[0]!.n > 0) break;
    }
    release();
    const outcomes = await Promise.all([one, two]);
    expect(outcomes.map((outcome) => (outcome.status === 'awarded' ? outcome.points : null))).toEqual([10, 0]);
    expect(await earnedToday(a.db, user, DAY)).toBe(DAILY_CAP);
    expect((await levelOf(a.db, user)).total).toBe(200);
  });
});
