import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShapeDatabase, SHAPE_SERVER_URL, withClient } from '../helpers/supabase-shape.ts';
import { API_EXPOSURE, API_FUNCTIONS } from './postgrest-exposure.ts';

// What the REST API lets a request do, as PostgREST runs it: `set local role anon` or
// `authenticated` with the JWT's claims in request.jwt.claims, on a Supabase-shaped database
// (tests/supabase-shape/) where `postgres` made every table and the platform's default
// grants applied. The matrix is generated from the catalogue: every table and column of the
// public schema, as anon, as a signed-in stranger and as the signed-in owner, select /
// insert / update / delete, against the decisions in postgrest-exposure.ts.

type Caller = { role: 'anon' } | { role: 'authenticated'; userId: string };
type Operation = 'select' | 'insert' | 'update' | 'delete';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs each statement as the caller, each in a subtransaction; returns the ones that ran. */
async function allowedStatements(
  client: pg.Client,
  caller: Caller,
  statements: readonly string[],
): Promise<Set<string>> {
  await client.query('begin');
  try {
    // A function of the connection's own, in pg_temp: it runs a statement and says whether it was allowed.
    await client.query(`create or replace function pg_temp.attempt(statement text) returns boolean language plpgsql as $$
      begin execute statement; return true; exception when others then return false; end $$`);
    if (caller.role === 'authenticated') {
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: caller.userId, role: 'authenticated' }),
      ]);
    }
    await client.query(`set local role ${caller.role}`);
    const result = await client.query<{ statement: string; allowed: boolean }>(
      'select statement, pg_temp.attempt(statement) as allowed from unnest($1::text[]) as statement',
      [statements],
    );
    return new Set(result.rows.filter((row) => row.allowed).map((row) => row.statement));
  } finally {
    await client.query('rollback');
  }
}

interface Column {
  table: string;
  column: string;
}

function statementFor(operation: Operation, { table, column }: Column): string {
  const target = `public.${ident(table)}`;
  switch (operation) {
    case 'select':
      return `select ${ident(column)} from ${target} where false`;
    case 'insert':
      return `insert into ${target} (${ident(column)}) select null where false`;
    case 'update':
      return `update ${target} set ${ident(column)} = default where false`;
    case 'delete':
      return `delete from ${target} where false`;
  }
}

describe.skipIf(!SHAPE_SERVER_URL)('the REST API on a Supabase-shaped database', () => {
  let database: { name: string; drop(): Promise<void> };
  let columns: Column[];
  const owner = randomUUID();
  const stranger = randomUUID();
  const callers: Record<string, Caller> = {
    anon: { role: 'anon' },
    'signed-in stranger': { role: 'authenticated', userId: stranger },
    'signed-in owner': { role: 'authenticated', userId: owner },
  };

  beforeAll(async () => {
    database = await createShapeDatabase('migrated');
    columns = await withClient(database.name, 'postgres', async (client) => {
      const result = await client.query<Column>(`
        select c.relname as "table", a.attname as "column"
        from pg_class c join pg_attribute a on a.attrelid = c.oid
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f')
          and a.attnum > 0 and not a.attisdropped
        order by 1, a.attnum`);
      return result.rows;
    });
  }, 240_000);

  afterAll(() => database?.drop());

  it('has a decision for every table and column of the public schema, and none for anything that is gone', () => {
    const tables = new Set(columns.map((c) => c.table));
    expect(
      [...tables].filter((table) => !API_EXPOSURE[table]),
      'tables without a decision in postgrest-exposure.ts',
    ).toEqual([]);
    expect(
      Object.keys(API_EXPOSURE).filter((table) => !tables.has(table)),
      'decisions for tables that do not exist',
    ).toEqual([]);
    const named = Object.entries(API_EXPOSURE).flatMap(([table, exposure]) =>
      [...exposure.anon, ...exposure.authenticated].map((column) => `${table}.${column}`),
    );
    const existing = new Set(columns.map((c) => `${c.table}.${c.column}`));
    expect(
      named.filter((column) => !existing.has(column)),
      'decided columns that do not exist',
    ).toEqual([]);
  });

  for (const [label, caller] of Object.entries(callers)) {
    it(`as ${label}: selects exactly the decided columns, and inserts, updates or deletes nothing`, async () => {
      const operations: Operation[] = ['select', 'insert', 'update', 'delete'];
      const cells = columns.flatMap((column) =>
        operations.map((operation) => ({ ...column, operation, statement: statementFor(operation, column) })),
      );
      const allowed = await withClient(database.name, 'postgres', (client) =>
        allowedStatements(client, caller, [...new Set(cells.map((cell) => cell.statement))]),
      );
      const actual = cells
        .filter((cell) => allowed.has(cell.statement))
        .map((cell) => `${cell.operation} ${cell.table}.${cell.column}`);
      const expected = columns
        .filter(({ table, column }) => API_EXPOSURE[table]?.[caller.role].includes(column))
        .map(({ table, column }) => `select ${table}.${column}`);
      expect(actual).toEqual(expected);
    });
  }

  describe('rows', () => {
    beforeAll(async () => {
      for (const [id, username] of [
        [owner, 'matrix_owner'],
        [stranger, 'matrix_stranger'],
      ] as const) {
        await withClient(database.name, 'supabase_auth_admin', (gotrue) =>
          gotrue.query(
            `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at) values ($1, 'authenticated', 'authenticated', $2, $3, now())`,
            [id, `${username}@example.test`, JSON.stringify({ username, full_name: username })],
          ),
        );
      }
      await withClient(database.name, 'postgres', async (site) => {
        await site.query(
          `update public.profiles set bio = 'Only on my own page', avatar_url = 'https://cdn.example/a.png' where id = $1`,
          [owner],
        );
        await site.query('insert into public.profile_settings (user_id, is_private) values ($1, true)', [owner]);
        await site.query(`insert into public.notifications (user_id, kind, source) values ($1, 'level_up', 'matrix')`, [
          owner,
        ]);
        await site.query(
          `insert into public.user_subscriptions (user_id, plan_id, status) select $1, id, 'active' from public.subscription_plans where name = 'premium'`,
          [owner],
        );
      });
    });

    const asCaller = <T extends pg.QueryResultRow>(
      caller: Caller,
      text: string,
      values: unknown[] = [],
      settings: Record<string, string> = {},
    ) =>
      withClient(database.name, 'postgres', async (client) => {
        await client.query('begin');
        try {
          if (caller.role === 'authenticated') {
            await client.query(`select set_config('request.jwt.claims', $1, true)`, [
              JSON.stringify({ sub: caller.userId, role: 'authenticated' }),
            ]);
          }
          for (const [name, value] of Object.entries(settings))
            await client.query('select set_config($1, $2, true)', [name, value]);
          await client.query(`set local role ${caller.role}`);
          return (await client.query<T>(text, values)).rows;
        } finally {
          await client.query('rollback');
        }
      });

    it('shows a private profile to its owner only, and never the email', async () => {
      expect(
        await asCaller(callers['signed-in owner']!, 'select username, bio from public.profiles where id = $1', [owner]),
      ).toEqual([{ username: 'matrix_owner', bio: 'Only on my own page' }]);
      for (const caller of [callers.anon!, callers['signed-in stranger']!]) {
        expect(
          await asCaller(caller, 'select username, bio, created_at from public.profiles where id = $1', [owner]),
        ).toEqual([]);
        expect(await asCaller(caller, 'select username from public.profiles where id = $1', [stranger])).toEqual([
          { username: 'matrix_stranger' },
        ]);
      }
      for (const caller of Object.values(callers)) {
        await expect(asCaller(caller, 'select email from public.profiles')).rejects.toThrow(/permission denied/);
      }
    });

    it("refuses a user's own profile edits through the API (no unvalidated avatar URL or name)", async () => {
      await expect(
        asCaller(
          callers['signed-in owner']!,
          `update public.profiles set avatar_url = 'https://tracker.example/x.gif' where id = $1`,
          [owner],
        ),
      ).rejects.toThrow(/permission denied/);
      await expect(
        asCaller(callers['signed-in owner']!, `update public.profiles set full_name = 'anything' where id = $1`, [
          owner,
        ]),
      ).rejects.toThrow(/permission denied/);
    });

    it("shows a user's notifications and subscription to that user only", async () => {
      for (const table of ['notifications', 'user_subscriptions']) {
        expect(await asCaller(callers['signed-in owner']!, `select user_id from public.${table}`)).toEqual([
          { user_id: owner },
        ]);
        expect(await asCaller(callers['signed-in stranger']!, `select user_id from public.${table}`)).toEqual([]);
        await expect(asCaller(callers.anon!, `select user_id from public.${table}`)).rejects.toThrow(
          /permission denied/,
        );
      }
    });

    // Storage objects of the site's buckets, as the Storage API writes them (as the caller's
    // role, storage.allow_delete_query set for deletes).
    const upload = (caller: Caller, bucket: string, name: string) =>
      asCaller(caller, `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3) returning name`, [
        bucket,
        name,
        caller.role === 'authenticated' ? caller.userId : null,
      ]);

    it('lets a user write avatars only into their own folder, and list and delete only their own', async () => {
      await expect(upload(callers['signed-in stranger']!, 'avatars', `${owner}/face.png`)).rejects.toThrow(
        /row-level security/,
      );
      await expect(upload(callers.anon!, 'avatars', `${owner}/face.png`)).rejects.toThrow(/row-level security/);
      expect(await upload(callers['signed-in owner']!, 'avatars', `${owner}/face.png`)).toEqual([
        { name: `${owner}/face.png` },
      ]);
      // Kept for the next statements: written as the owner's upload would be.
      await withClient(database.name, 'postgres', (site) =>
        site.query(`insert into storage.objects (bucket_id, name, owner_id) values ('avatars', $1, $2)`, [
          `${owner}/kept.png`,
          owner,
        ]),
      );
      expect(
        await asCaller(callers['signed-in owner']!, `select name from storage.objects where bucket_id = 'avatars'`),
      ).toEqual([{ name: `${owner}/kept.png` }]);
      expect(
        await asCaller(callers['signed-in stranger']!, `select name from storage.objects where bucket_id = 'avatars'`),
      ).toEqual([]);
      expect(await asCaller(callers.anon!, `select name from storage.objects where bucket_id = 'avatars'`)).toEqual([]);
      const remove = (caller: Caller) =>
        asCaller(caller, `delete from storage.objects where bucket_id = 'avatars' returning name`, [], {
          'storage.allow_delete_query': 'true',
        });
      expect(await remove(callers['signed-in stranger']!)).toEqual([]);
      expect(await remove(callers['signed-in owner']!)).toEqual([{ name: `${owner}/kept.png` }]);
    });

    it('lets no player write game covers or outlet logos', async () => {
      for (const caller of Object.values(callers)) {
        await expect(upload(caller, 'game-covers', 'new-game.png')).rejects.toThrow(/row-level security/);
        await expect(upload(caller, 'outlet-logos', '1/logo.png')).rejects.toThrow(/row-level security/);
      }
    });
  });

  it('lets the API roles call only the decided functions', async () => {
    const callable = await withClient(database.name, 'postgres', async (client) => {
      const result = await client.query<{ name: string; anon: boolean; authenticated: boolean }>(`
        select p.oid::regprocedure::text as name, has_function_privilege('anon', p.oid, 'execute') as anon,
          has_function_privilege('authenticated', p.oid, 'execute') as authenticated
        from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        order by 1`);
      return Object.fromEntries(
        result.rows.map((row) => [row.name, { anon: row.anon, authenticated: row.authenticated }]),
      );
    });
    expect(callable).toEqual(API_FUNCTIONS);
  });
});
