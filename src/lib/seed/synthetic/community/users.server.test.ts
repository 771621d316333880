import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../../db/connect.server.ts';
import { loadSyntheticUsers, syntheticUserId, syntheticUsername } from './users.server.ts';

describe('synthetic players', () => {
  let database: DatabaseConnection;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  it('are numbered, confirmed, have profiles, and are added once', async () => {
    const now = new Date('2026-11-01T00:00:00Z');
    expect(await loadSyntheticUsers(database.db, { count: 50, days: 10, now })).toBe(50);
    expect(await loadSyntheticUsers(database.db, { count: 60, days: 10, now })).toBe(10);

    const profile = await database.db
      .selectFrom('profiles')
      .select(['id', 'username', 'full_name'])
      .where('id', '=', syntheticUserId(7))
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({
      id: syntheticUserId(7),
      username: syntheticUsername(7),
      full_name: 'Synthetic player 7',
    });
    const users = await database.db
      .selectFrom('auth.users')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .where('email', 'like', '%@synthetic.invalid')
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(60);
    const last = await database.db
      .selectFrom('auth.users')
      .select(['email_confirmed_at', 'encrypted_password'])
      .where('id', '=', syntheticUserId(60))
      .executeTakeFirstOrThrow();
    expect(last.encrypted_password).toBeNull();
    expect(new Date(last.email_confirmed_at!).toISOString()).toBe(now.toISOString());
  });

  it('refuse numbers that are not players', () => {
    expect(() => syntheticUserId(0)).toThrow(RangeError);
    expect(syntheticUsername(42)).toBe('synthetic_000042');
  });
});
