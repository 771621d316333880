import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../db/connect.server.ts';
import { recordDataLoad } from '../../db/migrations.server.ts';
import { seedDemo, seedOnFirstStart } from './seed.server.ts';

let connection: DatabaseConnection | undefined;

afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function loaded(
  db: DatabaseConnection['db'],
): Promise<{ loads: string[]; games: number; outlets: number; users: number }> {
  const result = await sql<{ loads: string[] | null; games: number; outlets: number; users: number }>`
    select
      (select array_agg(name order by name) from app_meta.data_loads) as loads,
      (select count(*)::int from public.games) as games,
      (select count(*)::int from public.outlets) as outlets,
      (select count(*)::int from auth.users) as users
  `.execute(db);
  const row = result.rows[0]!;
  return { ...row, loads: row.loads ?? [] };
}

describe('seedOnFirstStart', () => {
  it('loads the demo catalogue, critics, accounts and community into a new embedded database, once', async () => {
    connection = await createTestDatabase();
    const messages: string[] = [];
    await seedOnFirstStart(connection.db, 'embedded', (message) => messages.push(message));
    const first = await loaded(connection.db);
    expect(first.loads).toEqual(['demo', 'demo-accounts', 'demo-community', 'demo-critics']);
    expect(first.games).toBe(203);
    expect(first.outlets).toBeGreaterThanOrEqual(20);
    // The six demo accounts and the community's 40 invented players.
    expect(first.users).toBe(46);
    expect(messages.join('\n')).toMatch(/demo accounts: 6 created/);
    expect(messages.join('\n')).toMatch(/demo community: 40 players/);

    messages.length = 0;
    await seedOnFirstStart(connection.db, 'embedded', (message) => messages.push(message));
    expect(await loaded(connection.db)).toEqual(first);
    expect(messages).toEqual([]);
  }, 120_000);

  it('loads nothing outside the embedded mode', async () => {
    connection = await createTestDatabase();
    await seedOnFirstStart(connection.db, 'self-hosted');
    await seedOnFirstStart(connection.db, 'supabase');
    expect(await loaded(connection.db)).toEqual({ loads: [], games: 0, outlets: 0, users: 0 });
  });

  it('leaves a synthetic benchmark catalogue alone', async () => {
    connection = await createTestDatabase();
    await recordDataLoad(connection.db, 'synthetic', { games: 0 });
    await seedOnFirstStart(connection.db, 'embedded');
    expect(await loaded(connection.db)).toEqual({ loads: ['synthetic'], games: 0, outlets: 0, users: 0 });
  });
});

describe('seedDemo (npm run db:seed)', () => {
  it('creates the demo accounts only in the embedded mode; the passwordless community in every mode', async () => {
    connection = await createTestDatabase();
    await seedDemo(connection.db, 'self-hosted');
    const selfHosted = await loaded(connection.db);
    expect(selfHosted.loads).toEqual(['demo', 'demo-community', 'demo-critics']);
    expect(selfHosted.users).toBe(40);

    await seedDemo(connection.db, 'embedded');
    const embedded = await loaded(connection.db);
    expect(embedded.loads).toEqual(['demo', 'demo-accounts', 'demo-community', 'demo-critics']);
    expect(embedded.users).toBe(46);
    expect(embedded.games).toBe(selfHosted.games);
  }, 120_000);
});
