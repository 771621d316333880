import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from './connect.server.ts';

// What a request made with Supabase's public anon key (or a user's JWT) can do: exactly
// what the policies grant, nothing else.

let connection: DatabaseConnection;
const alice = randomUUID();
const bob = randomUUID();

/** A user as sign-up makes one: the profile comes from the metadata, by the trigger on auth.users. */
async function createUser(id: string, username: string): Promise<void> {
  const metadata = JSON.stringify({ username, full_name: username });
  await sql`
    insert into auth.users (id, email, created_at, raw_user_meta_data)
    values (${id}, ${`${username}@example.test`}, now(), ${metadata}::jsonb)
  `.execute(connection.db);
}

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true });
  await createUser(alice, 'alice');
  await createUser(bob, 'bob');
  const premium = await connection.db
    .selectFrom('subscription_plans')
    .select('id')
    .where('name', '=', 'premium')
    .executeTakeFirstOrThrow();
  await connection.db
    .insertInto('user_subscriptions')
    .values({ user_id: bob, plan_id: premium.id, status: 'active' })
    .execute();
});

afterAll(() => connection.close());

describe('row-level security', () => {
  it('is enabled on every table in public, and every policy has a comment', async () => {
    const withoutRls = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity
    `.execute(connection.db);
    expect(withoutRls.rows).toEqual([]);

    const uncommented = await sql<{ name: string }>`
      select p.polname as name from pg_policy p join pg_class c on c.oid = p.polrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and obj_description(p.oid, 'pg_policy') is null
    `.execute(connection.db);
    expect(uncommented.rows).toEqual([]);
  });

  it('lets anonymous visitors read the catalogue and public profile columns', async () => {
    const games = await asRole(connection, { kind: 'anon' }, (trx) =>
      trx.selectFrom('games').select(['slug', 'title']).where('slug', '=', 'grand-theft-auto-v').execute(),
    );
    expect(games).toEqual([{ slug: 'grand-theft-auto-v', title: 'Grand Theft Auto V' }]);
    const profiles = await asRole(connection, { kind: 'anon' }, (trx) =>
      trx.selectFrom('profiles').select(['username', 'full_name']).orderBy('username').execute(),
    );
    expect(profiles.map((p) => p.username)).toEqual(['alice', 'bob']);
  });

  it('never exposes profile emails through the API roles, not even to their owner', async () => {
    await expect(
      asRole(connection, { kind: 'anon' }, (trx) => trx.selectFrom('profiles').select('email').execute()),
    ).rejects.toThrow(/permission denied/);
    await expect(
      asRole(connection, { kind: 'authenticated', userId: alice }, (trx) =>
        trx.selectFrom('profiles').select('email').where('id', '=', alice).execute(),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  it('refuses catalogue writes from the API roles', async () => {
    await expect(
      asRole(connection, { kind: 'anon' }, (trx) =>
        trx.insertInto('genres').values({ slug: 'hacked', name: 'Hacked' }).execute(),
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      asRole(connection, { kind: 'authenticated', userId: alice }, (trx) =>
        trx.updateTable('games').set({ title: 'Defaced' }).where('slug', '=', 'grand-theft-auto-v').execute(),
      ),
    ).rejects.toThrow(/permission denied/);
    const game = await connection.db
      .selectFrom('games')
      .select('title')
      .where('slug', '=', 'grand-theft-auto-v')
      .executeTakeFirstOrThrow();
    expect(game.title).toBe('Grand Theft Auto V');
  });

  it('lets nobody change a profile through the API roles, not even its owner: the site validates every profile write', async () => {
    for (const change of [
      { bio: 'Hello from Alice' },
      { avatar_url: 'https://tracker.example/pixel.gif' },
      { full_name: 'x'.repeat(100) },
    ]) {
      await expect(
        asRole(connection, { kind: 'authenticated', userId: alice }, (trx) =>
          trx.updateTable('profiles').set(change).where('id', '=', alice).execute(),
        ),
      ).rejects.toThrow(/permission denied/);
    }
    await expect(
      asRole(connection, { kind: 'anon' }, (trx) =>
        trx.updateTable('profiles').set({ bio: 'x' }).where('id', '=', bob).execute(),
      ),
    ).rejects.toThrow(/permission denied/);
    const profiles = await connection.db
      .selectFrom('profiles')
      .select(['username', 'bio', 'avatar_url'])
      .orderBy('username')
      .execute();
    expect(profiles).toEqual([
      { username: 'alice', bio: null, avatar_url: null },
      { username: 'bob', bio: null, avatar_url: null },
    ]);
  });

  it('shows a user only their own subscriptions', async () => {
    const asAlice = await asRole(connection, { kind: 'authenticated', userId: alice }, (trx) =>
      trx.selectFrom('user_subscriptions').select('user_id').execute(),
    );
    expect(asAlice).toEqual([]);
    const asBob = await asRole(connection, { kind: 'authenticated', userId: bob }, (trx) =>
      trx.selectFrom('user_subscriptions').select('user_id').execute(),
    );
    expect(asBob).toEqual([{ user_id: bob }]);
    await expect(
      asRole(connection, { kind: 'anon' }, (trx) => trx.selectFrom('user_subscriptions').select('user_id').execute()),
    ).rejects.toThrow(/permission denied/);
  });
});

// Supabase's database advisors, as tests over every object the migrations made, so that a
// later migration cannot regress them.
describe('database advisors', () => {
  it('pins the search_path of every function (and empties it for security definer ones)', async () => {
    const functions = await sql<{ name: string; config: string[] | null; definer: boolean }>`
      select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name,
        p.proconfig as config, p.prosecdef as definer
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'app_meta', 'auth')
        -- functions an extension installed belong to the extension
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1
    `.execute(connection.db);
    expect(functions.rows.length).toBeGreaterThan(10);
    const searchPath = (config: string[] | null) => config?.find((entry) => entry.startsWith('search_path='));
    expect(functions.rows.filter((fn) => !searchPath(fn.config)).map((fn) => fn.name)).toEqual([]);
    expect(
      functions.rows
        .filter((fn) => fn.definer && searchPath(fn.config) !== 'search_path=""')
        .map((fn) => `${fn.name}: ${searchPath(fn.config)}`),
    ).toEqual([]);
  });

  it('runs every trigger function in public as its owner (security definer, empty search_path), whoever fires it', async () => {
    // GoTrue deletes users as supabase_auth_admin and the delete cascades into our tables: a
    // trigger that keeps derived data must not depend on the rights of the role that deleted.
    const triggers = await sql<{ name: string; definer: boolean; config: string[] | null }>`
      select p.oid::regprocedure::text as name, p.prosecdef as definer, p.proconfig as config
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prorettype = 'trigger'::regtype
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1
    `.execute(connection.db);
    expect(triggers.rows.length).toBeGreaterThan(20);
    expect(
      triggers.rows.filter((fn) => !fn.definer || !fn.config?.includes('search_path=""')).map((fn) => fn.name),
    ).toEqual([]);
  });

  it('evaluates auth.uid(), auth.jwt() and auth.role() once per statement in every policy, not once per row', async () => {
    const policies = await sql<{ name: string; qual: string | null; with_check: string | null }>`
      select tablename || '.' || policyname as name, qual, with_check from pg_policies where schemaname = 'public' order by 1
    `.execute(connection.db);
    expect(policies.rows.length).toBeGreaterThan(10);
    // Postgres prints `(select auth.uid())` back as `( SELECT auth.uid() AS uid)`.
    const perRow = (expression: string | null) =>
      (expression ?? '')
        .replace(/\(\s*SELECT\s+auth\.(uid|jwt|role)\(\)\s+AS\s+\w+\s*\)/gi, '')
        .match(/auth\.(uid|jwt|role)\(\)|current_setting\(/gi);
    const offenders = policies.rows.filter((policy) => perRow(policy.qual) || perRow(policy.with_check));
    expect(offenders.map((policy) => `${policy.name}: ${policy.qual ?? ''} ${policy.with_check ?? ''}`)).toEqual([]);
    // The rewrite kept what the policies mean: the own-row checks still name the caller.
    const own = policies.rows.find((policy) => policy.name === 'user_subscriptions.user_subscriptions_select_own')!;
    expect(own.qual).toMatch(/SELECT auth\.uid\(\)/);
  });
});

describe('constraints', () => {
  it('keeps usernames unique regardless of case', async () => {
    const id = randomUUID();
    await sql`insert into auth.users (id, email) values (${id}, 'alice2@example.test')`.execute(connection.db);
    await expect(
      connection.db.updateTable('profiles').set({ username: 'ALICE' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/profiles_username_lower_key/);
  });

  it('limits bios to 500 characters and usernames to the allowed pattern', async () => {
    await expect(
      connection.db
        .updateTable('profiles')
        .set({ bio: 'x'.repeat(501) })
        .where('id', '=', alice)
        .execute(),
    ).rejects.toThrow(/profiles_bio_length/);
    await connection.db
      .updateTable('profiles')
      .set({ bio: 'x'.repeat(500) })
      .where('id', '=', alice)
      .execute();
    await expect(
      connection.db.updateTable('profiles').set({ username: 'no spaces' }).where('id', '=', alice).execute(),
    ).rejects.toThrow(/profiles_username_format/);
  });

  it('requires every profile to belong to an auth user and removes it with the user', async () => {
    await expect(
      connection.db
        .insertInto('profiles')
        .values({ id: randomUUID(), username: 'ghost', full_name: null, email: null, bio: null, avatar_url: null })
        .execute(),
    ).rejects.toThrow(/foreign key/);
    await sql`delete from auth.users where id = ${bob}`.execute(connection.db);
    const left = await connection.db.selectFrom('profiles').select('username').execute();
    expect(left.map((p) => p.username)).not.toContain('bob');
    const subscriptions = await connection.db
      .selectFrom('user_subscriptions')
      .select('id')
      .where('user_id', '=', bob)
      .execute();
    expect(subscriptions).toEqual([]);
  });

  it('allows at most one active subscription per user', async () => {
    const [free, premium] = await Promise.all(
      ['free', 'premium'].map((name) =>
        connection.db.selectFrom('subscription_plans').select('id').where('name', '=', name).executeTakeFirstOrThrow(),
      ),
    );
    await connection.db
      .insertInto('user_subscriptions')
      .values({ user_id: alice, plan_id: free!.id, status: 'active' })
      .execute();
    await expect(
      connection.db
        .insertInto('user_subscriptions')
        .values({ user_id: alice, plan_id: premium!.id, status: 'active' })
        .execute(),
    ).rejects.toThrow(/user_subscriptions_one_active/);
  });
});
