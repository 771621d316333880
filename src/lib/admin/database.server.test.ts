import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { rebuildSearchDictionary, vacuumAnalyze } from './database.server.ts';

let connection: DatabaseConnection;
const admin = randomUUID();

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await sql`insert into auth.users (id, email) values (${admin}, ${`${admin}@example.test`})`.execute(connection.db);
});
afterAll(() => connection.close());

const has = async (word: string) =>
  (await sql`select 1 from public.search_words where word = ${word}`.execute(connection.db)).rows.length === 1;

describe('admin rebuilds in steps', () => {
  it('the dictionary gains the words of every title and loses the words no title has', async () => {
    await connection.db
      .insertInto('games')
      .values({ slug: 'quixotic-zephyrine', title: 'Quixotic Zephyrine', sources: ['editorial'] })
      .execute();
    await sql`delete from public.search_words where word in ('quixotic', 'zephyrine')`.execute(connection.db);
    await sql`insert into public.search_words (word) values ('zzstaleword')`.execute(connection.db);
    const words = await rebuildSearchDictionary(connection.db, admin);
    expect([await has('quixotic'), await has('zephyrine'), await has('zzstaleword')]).toEqual([true, true, false]);
    expect(words).toBe(
      Number(
        (await sql<{ n: string }>`select count(*) as n from public.search_words`.execute(connection.db)).rows[0]!.n,
      ),
    );
  });

  it('vacuums table by table and audits it once', async () => {
    await vacuumAnalyze(connection.db, admin);
    const audited = await sql<{
      n: number;
    }>`select count(*)::int as n from app_meta.admin_audit_log where action = 'maintenance.vacuum_analyze'`.execute(
      connection.db,
    );
    expect(audited.rows[0]!.n).toBe(1);
  });
});
