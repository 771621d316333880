import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import {
  budgetProblems,
  captureQueries,
  checkStatement,
  describeFindings,
  tableSizes,
  type AllowedSeqScan,
  type TableSizes,
} from '../helpers/query-plans.ts';

// The checker the page sweep relies on, shown catching what it exists to catch: a dropped
// index (in a plain query and inside a PL/pgSQL function, which EXPLAIN cannot see into)
// and one query too many. A scratch table in a fresh database; the app is not touched.

let connection: DatabaseConnection;
let sizes: TableSizes;
const LARGE = 1000;
const options = (allowed: AllowedSeqScan[] = []) => ({ page: '/scratch', sizes, largeTableRows: LARGE, allowed });

beforeAll(async () => {
  connection = await createTestDatabase();
  const db = connection.db;
  await sql`create table public.plan_scratch (id int primary key, owner int not null, label text not null)`.execute(db);
  await sql`insert into public.plan_scratch select n, n % 500, 'row ' || n from generate_series(1, 20000) n`.execute(
    db,
  );
  await sql`create index plan_scratch_owner on public.plan_scratch (owner)`.execute(db);
  await sql`create table public.plan_tiny (id int primary key, name text)`.execute(db);
  await sql`insert into public.plan_tiny select n, 'tiny ' || n from generate_series(1, 20) n`.execute(db);
  await sql`
    create function public.plan_scratch_labels(wanted int) returns setof text language plpgsql stable as $$
    begin
      return query select label from public.plan_scratch where owner = wanted;
    end $$`.execute(db);
  await sql`analyze public.plan_scratch, public.plan_tiny`.execute(db);
  sizes = await tableSizes(db);
});

afterAll(() => connection.close());

async function capture(work: (db: DatabaseConnection['db']) => Promise<unknown>) {
  const recorder = captureQueries(connection.db);
  await work(recorder.db);
  return recorder.take();
}

describe('capturing a loader’s statements', () => {
  it('records builder queries and sql templates with their parameters, in order', async () => {
    const statements = await capture(async (db) => {
      // The scratch table is not part of the app's schema.
      await db
        .$extendTables<{ plan_scratch: { id: number; label: string } }>()
        .selectFrom('plan_scratch')
        .select('label')
        .where('id', '=', 7)
        .execute();
      await sql`select count(*) from public.plan_tiny where id < ${5}`.execute(db);
    });
    expect(statements).toHaveLength(2);
    expect(statements[0]!.sql).toMatch(/from "plan_scratch" where "id" = \$1/);
    expect(statements[0]!.parameters).toEqual([7]);
    expect(statements[1]!.parameters).toEqual([5]);
  });

  it('counts a query that failed as not sent, and leaves the plain connection unrecorded', async () => {
    const recorder = captureQueries(connection.db);
    await sql`select 1`.execute(connection.db);
    await expect(sql`select * from public.no_such_table`.execute(recorder.db)).rejects.toThrow();
    expect(recorder.take()).toEqual([]);
  });
});

describe('sequential scans', () => {
  it('passes an indexed lookup and a seq scan of a small table', async () => {
    const statements = await capture(async (db) => {
      await sql`select label from public.plan_scratch where owner = ${42}`.execute(db);
      await sql`select name from public.plan_tiny where name like ${'tiny%'}`.execute(db);
      await sql`select * from public.plan_scratch_labels(${42})`.execute(db);
    });
    for (const statement of statements)
      expect((await checkStatement(connection.db, statement, options())).seqScans).toEqual([]);
  });

  it('fails once the index is gone, in the plan and inside the function, and names the table', async () => {
    await sql`drop index public.plan_scratch_owner`.execute(connection.db);
    try {
      const [plain, viaFunction] = await capture(async (db) => {
        await sql`select label from public.plan_scratch where owner = ${42}`.execute(db);
        await sql`select * from public.plan_scratch_labels(${42})`.execute(db);
      });
      const direct = await checkStatement(connection.db, plain!, options());
      expect(direct.seqScans).toEqual([
        expect.objectContaining({
          table: 'public.plan_scratch',
          seen: 'plan',
          // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any
          filter: expect.stringContaining('owner'),
        }),
      ]);
      const hidden = await checkStatement(connection.db, viaFunction!, options());
      expect(hidden.seqScans).toEqual([expect.objectContaining({ table: 'public.plan_scratch', seen: 'run' })]);
      expect(describeFindings('/scratch', [direct]).join('\n')).toContain(
        '/scratch: Seq Scan on public.plan_scratch (20000 rows',
      );
      // An exception, named with its reason, is what lets a deliberate scan through.
      const allowed = [{ page: '/scratch', table: 'public.plan_scratch', reason: 'scratch' }];
      expect((await checkStatement(connection.db, plain!, options(allowed))).seqScans).toEqual([]);
      expect(
        (await checkStatement(connection.db, plain!, { ...options(allowed), page: '/elsewhere' })).seqScans,
      ).toHaveLength(1);
      const onPostgresOnly = [{ ...allowed[0]!, on: 'postgres' as const }];
      expect(
        (await checkStatement(connection.db, plain!, { ...options(onPostgresOnly), kind: 'pglite' })).seqScans,
      ).toHaveLength(1);
      expect(
        (await checkStatement(connection.db, plain!, { ...options(onPostgresOnly), kind: 'postgres' })).seqScans,
      ).toEqual([]);
    } finally {
      await sql`create index plan_scratch_owner on public.plan_scratch (owner)`.execute(connection.db);
    }
  });

  it('rolls back what a checked statement wrote', async () => {
    const [write] = await capture((db) =>
      sql`update public.plan_tiny set name = 'changed' where id = ${1}`.execute(db),
    );
    await sql`update public.plan_tiny set name = 'tiny 1' where id = 1`.execute(connection.db);
    await checkStatement(connection.db, write!, options());
    const { rows } = await sql<{ name: string }>`select name from public.plan_tiny where id = 1`.execute(connection.db);
    expect(rows[0]!.name).toBe('tiny 1');
  });
});

describe('query budgets', () => {
  it('fails a page that sends one query more than its budget, and passes it at the budget', async () => {
    const statements = await capture(async (db) => {
      await sql`select 1`.execute(db);
      await sql`select 2`.execute(db);
    });
    expect(budgetProblems('/scratch', statements, 1)).toEqual([
      expect.stringMatching(/^\/scratch: 2 queries, budget 1/),
    ]);
    expect(budgetProblems('/scratch', statements, 2)).toEqual([]);
  });
});
