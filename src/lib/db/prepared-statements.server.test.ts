import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseConnection } from './connect.server.ts';
import { openPglite } from './pglite.server.ts';
import { MAX_NAMED_PER_CONNECTION, preparedStatementsFor, statementName } from './prepared-statements.server.ts';
import { sql } from 'kysely';
import { pgliteEmptyTemplate } from '../../../tests/helpers/database.ts';

describe('preparedStatementsFor', () => {
  it('leaves them off for a transaction pooler only, unless told', () => {
    expect(preparedStatementsFor('postgresql://u:p@aws-0-eu.pooler.supabase.com:6543/postgres', 'auto')).toBe(false);
    expect(preparedStatementsFor('postgresql://u:p@db.example.com:5432/postgres?pgbouncer=true', 'auto')).toBe(false);
    expect(preparedStatementsFor('postgresql://u:p@aws-0-eu.pooler.supabase.com:5432/postgres', 'auto')).toBe(true);
    expect(preparedStatementsFor('postgres://localhost/app', 'auto')).toBe(true);
    expect(preparedStatementsFor('postgres://localhost:6543/app', 'on')).toBe(true);
    expect(preparedStatementsFor('postgres://localhost/app', 'off')).toBe(false);
  });

  it('names a text the same way every time, and two texts apart', () => {
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
    expect(statementName('select 1', 't7_')).toBe(`t7_${statementName('select 1')}`);
  });
});

/** The statements this session has prepared, as the engine lists them. */
async function prepared(connection: DatabaseConnection): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(
    connection.db,
  );
  return rows.map((row) => row.name);
}

describe('named statements on the embedded thread', () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openPglite('memory://', { thread: true, loadDataDir: await pgliteEmptyTemplate() });
  });
  afterAll(() => connection.close());

  it('prepares a query once and reuses it, each session under its own names', async () => {
    const query = () => sql<{ n: number }>`select ${41}::int + 1 as n`.execute(connection.db);
    const results = await Promise.all([query(), query(), query(), query()]);
    expect(results.map((result) => result.rows[0]!.n)).toEqual([42, 42, 42, 42]);
    // Four sessions ran it at once: each prepared it under its own prefix, none collided.
    const names = (await prepared(connection)).filter((name) =>
      name.endsWith(statementName('select $1::int + 1 as n')),
    );
    expect(names.length).toBeGreaterThan(1);
    expect(new Set(names.map((name) => name.split('_')[0])).size).toBe(names.length);
    await query();
    expect(
      (await prepared(connection)).filter((name) => name.endsWith(statementName('select $1::int + 1 as n'))),
    ).toEqual(names);
  });

  it('keeps working in a transaction that fails and after it', async () => {
    await expect(
      connection.db.transaction().execute(async (trx) => {
        await sql`select ${1}::int as one`.execute(trx);
        await sql`select ${'x'}::int as broken`.execute(trx);
      }),
    ).rejects.toThrow(/invalid input syntax/);
    const { rows } = await sql<{ one: number }>`select ${1}::int as one`.execute(connection.db);
    expect(rows[0]!.one).toBe(1);
  });

  it('leaves DDL and transaction control unnamed', async () => {
    await sql`create temporary table scratch (id int)`.execute(connection.db);
    expect(
      (await prepared(connection)).some((name) =>
        name.endsWith(statementName('create temporary table scratch (id int)')),
      ),
    ).toBe(false);
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('named statements on PostgreSQL', () => {
  it('prepares once per connection, up to the bound, then runs the rest unnamed', async () => {
    const connection = openPostgres(url!, 1, true);
    try {
      for (let i = 0; i < 3; i++) await sql`select ${i}::int as i`.execute(connection.db);
      expect(await prepared(connection)).toContain(statementName('select $1::int as i'));
      for (let i = 0; i < MAX_NAMED_PER_CONNECTION + 5; i++)
        await sql`select ${i}::int as ${sql.raw(`c${i}`)}`.execute(connection.db);
      // The statement that lists them is itself one of the bounded ones: the bound holds.
      expect((await prepared(connection)).length).toBeLessThanOrEqual(MAX_NAMED_PER_CONNECTION);
    } finally {
      await connection.close();
    }
  });

  it('is off without being asked', async () => {
    const connection = openPostgres(url!, 1);
    try {
      await sql`select ${1}::int as i`.execute(connection.db);
      expect(await prepared(connection)).toEqual([]);
    } finally {
      await connection.close();
    }
  });
});
