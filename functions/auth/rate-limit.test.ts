import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import {
  delayAfter,
  takeAttempt,
  takeToken,
  clearAttempts,
  deleteExpiredRateLimits,
  type ProgressiveDelay,
} from './rate-limit.ts';

let database: DatabaseConnection;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const T0 = new Date('2026-11-25T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
let keys = 0;
const key = () => `key-${keys++}`;

describe('token buckets', () => {
  it('allow a burst up to the limit, then refuse with the seconds until the next token, then refill', async () => {
    const k = key();
    const rule = { limit: 3, periodSeconds: 30 };
    const takes = [];
    for (let i = 0; i < 4; i += 1) takes.push(await takeToken(database.db, 'test', k, rule, at(0)));
    expect(takes.map((take) => take.allowed)).toEqual([true, true, true, false]);
    expect(takes[3]).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect((await takeToken(database.db, 'test', key(), rule, at(0))).allowed).toBe(true);
    expect((await takeToken(database.db, 'other-bucket', k, rule, at(0))).allowed).toBe(true);
    expect(await takeToken(database.db, 'test', k, rule, at(4))).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect((await takeToken(database.db, 'test', k, rule, at(10))).allowed).toBe(true);
    expect((await takeToken(database.db, 'test', k, rule, at(10))).allowed).toBe(false);
  });

  it('count parallel takes exactly (one atomic upsert each)', async () => {
    const k = key();
    const takes = await Promise.all(
      Array.from({ length: 25 }, () => takeToken(database.db, 'test', k, { limit: 10, periodSeconds: 3600 }, at(0))),
    );
    expect(takes.filter((take) => take.allowed)).toHaveLength(10);
  });

  it('store a hash of the key, never the address or email itself', async () => {
    await takeToken(database.db, 'test', 'someone@example.com', { limit: 5, periodSeconds: 60 }, at(0));
    const rows = await database.db.selectFrom('app_meta.auth_rate_limits').select(['key']).execute();
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('example.com');
  });
});

describe('progressive delay', () => {
  const rule: ProgressiveDelay = {
    freeAttempts: 5,
    baseDelaySeconds: 30,
    maxDelaySeconds: 900,
    forgetAfterSeconds: 3600,
  };

  it('doubles the wait after the free attempts, up to the cap', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 10, 50, 10_000].map((attempts) => delayAfter(attempts, rule))).toEqual([
      0, 0, 30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('refuses while the delay runs (without counting), allows after it, never locks out', async () => {
    const k = key();
    for (let i = 0; i < 5; i += 1) expect((await takeAttempt(database.db, 'fail', k, rule, at(i))).allowed).toBe(true);
    expect(await takeAttempt(database.db, 'fail', k, rule, at(5))).toEqual({ allowed: false, retryAfterSeconds: 29 });
    expect(await takeAttempt(database.db, 'fail', k, rule, at(20))).toEqual({ allowed: false, retryAfterSeconds: 14 });
    expect((await takeAttempt(database.db, 'fail', k, rule, at(34))).allowed).toBe(true);
    expect(await takeAttempt(database.db, 'fail', k, rule, at(35))).toEqual({ allowed: false, retryAfterSeconds: 59 });
    // Many attempts later the wait stays at the cap.
    let clock = 34;
    for (let i = 0; i < 12; i += 1) {
      clock += delayAfter(6 + i, rule);
      expect((await takeAttempt(database.db, 'fail', k, rule, at(clock))).allowed).toBe(true);
    }
    expect(await takeAttempt(database.db, 'fail', k, rule, at(clock))).toEqual({
      allowed: false,
      retryAfterSeconds: 900,
    });
    // A quiet hour forgets everything.
    expect((await takeAttempt(database.db, 'fail', k, rule, at(clock + 3601))).allowed).toBe(true);
    expect((await takeAttempt(database.db, 'fail', k, rule, at(clock + 3602))).allowed).toBe(true);
  });

  it('a success clears the count', async () => {
    const k = key();
    for (let i = 0; i < 5; i += 1) await takeAttempt(database.db, 'fail', k, rule, at(0));
    expect((await takeAttempt(database.db, 'fail', k, rule, at(1))).allowed).toBe(false);
    await clearAttempts(database.db, 'fail', k);
    expect((await takeAttempt(database.db, 'fail', k, rule, at(1))).allowed).toBe(true);
  });

  it('parallel attempts cannot share one count', async () => {
    const k = key();
    const takes = await Promise.all(Array.from({ length: 20 }, () => takeAttempt(database.db, 'fail', k, rule, at(0))));
    expect(takes.filter((take) => take.allowed)).toHaveLength(5);
  });
});

describe('the table', () => {
  it('expired rows are deleted, live ones kept', async () => {
    await database.db.deleteFrom('app_meta.auth_rate_limits').execute();
    const k = key();
    await takeToken(database.db, 'sweep', k, { limit: 2, periodSeconds: 60 }, at(0));
    expect(await deleteExpiredRateLimits(database.db, at(30))).toBe(0);
    expect(await deleteExpiredRateLimits(database.db, at(100_000))).toBeGreaterThan(0);
    expect(await database.db.selectFrom('app_meta.auth_rate_limits').select('key').execute()).toEqual([]);
  });

  it('is out of reach of the API roles', async () => {
    for (const role of [
      { kind: 'anon' as const },
      { kind: 'authenticated' as const, userId: '00000000-0000-4000-8000-000000000001' },
    ]) {
      await expect(
        asRole(database, role, (trx) => sql`select * from app_meta.auth_rate_limits`.execute(trx)),
      ).rejects.toThrow(/permission denied/);
      await expect(
        asRole(database, role, (trx) => sql`delete from app_meta.auth_rate_limits`.execute(trx)),
      ).rejects.toThrow(/permission denied/);
    }
  });
});
