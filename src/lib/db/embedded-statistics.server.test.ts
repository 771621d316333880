import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseConnection } from './connect.server.ts';
import { createEmptyPglite } from '../../../tests/helpers/database.ts';
import { analyzeChangedTables, cleanGinPendingLists } from './embedded-statistics.server.ts';

/** The planner's estimate of how many rows `where` matches in public.things. */
async function estimate(connection: DatabaseConnection, where: string): Promise<number> {
  const { rows } = await sql<{
    'QUERY PLAN': string;
  }>`explain select * from public.things where ${sql.raw(where)}`.execute(connection.db);
  return Number(/rows=(\d+)/.exec(rows[0]!['QUERY PLAN'])![1]);
}

describe('the embedded database’s statistics', () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await createEmptyPglite();
    await sql`create table public.things (id int primary key, kind text not null)`.execute(connection.db);
  });
  afterAll(() => connection.close());

  it('are taken for a table filled after it was created, so the planner sees what it holds', async () => {
    await sql`insert into public.things select i, case when i % 10 = 0 then 'rare' else 'common' end from generate_series(1, 20000) i`.execute(
      connection.db,
    );
    // Never analysed: an equality on `kind` is guessed at half a percent.
    expect(await estimate(connection, `kind = 'common'`)).toBeLessThan(1000);
    expect(await analyzeChangedTables(connection.db)).toContain('public.things');
    expect(await estimate(connection, `kind = 'common'`)).toBeGreaterThan(15000);
  });

  it('are taken for a table whose index was built after it was filled (the size is known, the columns are not)', async () => {
    await sql`create table public.indexed (id int, kind text)`.execute(connection.db);
    await sql`insert into public.indexed select i, case when i % 10 = 0 then 'rare' else 'common' end from generate_series(1, 20000) i`.execute(
      connection.db,
    );
    await sql`create index on public.indexed (kind)`.execute(connection.db);
    expect(await analyzeChangedTables(connection.db)).toContain('public.indexed');
    expect(await analyzeChangedTables(connection.db)).not.toContain('public.indexed');
  });

  it('leaves a table alone until a tenth of it has changed', async () => {
    await sql`insert into public.things select i, 'common' from generate_series(20001, 20100) i`.execute(connection.db);
    expect(await analyzeChangedTables(connection.db)).not.toContain('public.things');
    await sql`insert into public.things select i, 'rare' from generate_series(20101, 40000) i`.execute(connection.db);
    expect(await analyzeChangedTables(connection.db)).toContain('public.things');
    expect(await estimate(connection, `kind = 'rare'`)).toBeGreaterThan(15000);
  });

  it('merges what waits in a GIN index’s pending list, once', async () => {
    await sql`create table public.titles (title text)`.execute(connection.db);
    await sql`create index titles_words on public.titles using gin (string_to_array(title, ' '))`.execute(
      connection.db,
    );
    await sql`insert into public.titles select 'game number ' || i from generate_series(1, 5000) i`.execute(
      connection.db,
    );
    expect(await cleanGinPendingLists(connection.db)).toBeGreaterThan(0);
    expect(await cleanGinPendingLists(connection.db)).toBe(0);
  });
});
