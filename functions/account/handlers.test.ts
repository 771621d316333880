import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestAuthServer, type TestAuthServer } from '../../tests/helpers/auth-server.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { AuthUser } from '../../src/lib/auth/types.ts';
import { RESERVED_USERNAMES } from '../../src/lib/auth/reserved-usernames.ts';
import {
  handleCheckUsername,
  handleCreateProfile,
  handleDeleteAccount,
  handleMe,
  handleSignIn,
  handleUpdateProfile,
  type AccountContext,
} from './handlers.ts';

let database: DatabaseConnection;
let server: TestAuthServer;
const uniq = () => randomBytes(4).toString('hex');
const PASSWORD = 'Correct-Horse-9';

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestAuthServer(database);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const client = () =>
  createClient(server.url, 'sb_publishable_local', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'x-test-client': uniq() } },
  });

const ctx = (user: AuthUser | null = null): AccountContext => ({ user, db: () => Promise.resolve(database.db) });
/** An answer of the account API, as far as these tests read it. */
const answerOf = async (response: Response) =>
  (await response.json()) as { error: { code: string; message: string }; profile: unknown; tier: string };
const asUser = (id: string, email: string | null = null): AuthUser => ({
  id,
  email,
  sessionId: 's',
  provider: 'email',
  userMetadata: {},
});
const post = (path: string, body: unknown, method = 'POST') =>
  new Request(`http://site.test${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function signUp(username: string | null, email = `p-${uniq()}@example.com`) {
  const data: Record<string, string> = { full_name: 'Pat Player', bio: 'Plays games.' };
  if (username) data.username = username;
  return { email, ...(await client().auth.signUp({ email, password: PASSWORD, options: { data } })) };
}

const countUsers = async (email: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from auth.users where email = ${email}`.execute(database.db))
      .rows[0]!.n,
  );

describe('profile created with the user, in the same transaction', () => {
  it('sign-up creates the profile from username, full_name and bio', async () => {
    const username = `pat_${uniq()}`;
    const { data, error, email } = await signUp(username);
    expect(error).toBeNull();
    const profile = await database.db
      .selectFrom('profiles')
      .selectAll()
      .where('id', '=', data.user!.id)
      .executeTakeFirst();
    expect(profile).toMatchObject({ username, full_name: 'Pat Player', bio: 'Plays games.', email });
  });

  it('a taken username (any case) is refused with the spec message, and nothing is saved', async () => {
    const username = `taken_${uniq()}`;
    await signUp(username);
    const second = await signUp(username.toUpperCase());
    expect(second.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Username is already taken. Please choose a different username.',
    });
    expect(await countUsers(second.email)).toBe(0);
  });

  it('the profile trigger still refuses a taken username (a sign-up racing another): no user without a profile', async () => {
    const username = `race_${uniq()}`;
    await signUp(username);
    const email = `race-${uniq()}@example.com`;
    const metadata = JSON.stringify({ username: username.toUpperCase(), full_name: 'Racer' });
    await expect(
      sql`insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), ${email}, ${metadata}::jsonb)`.execute(
        database.db,
      ),
    ).rejects.toThrow();
    expect(await countUsers(email)).toBe(0);
  });

  it('a reserved username is refused (by the service, and by the database too), and nothing is saved', async () => {
    const { error, email } = await signUp('Admin');
    expect(error).toMatchObject({ status: 400, message: 'This username is reserved and cannot be used' });
    expect(await countUsers(email)).toBe(0);
    const metadata = JSON.stringify({ username: 'Admin' });
    await expect(
      sql`insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), ${email}, ${metadata}::jsonb)`.execute(
        database.db,
      ),
    ).rejects.toThrow();
  });

  it('deleting the user deletes the profile, and a profile needs a user: no profile without a user', async () => {
    const { data } = await signUp(`gone_${uniq()}`);
    await sql`delete from auth.users where id = ${data.user!.id}`.execute(database.db);
    expect(
      await database.db.selectFrom('profiles').select('id').where('id', '=', data.user!.id).executeTakeFirst(),
    ).toBeUndefined();
    await expect(
      database.db
        .insertInto('profiles')
        .values({ id: '0b7e8f5c-1111-4222-8333-944455556666', username: `orphan_${uniq()}` })
        .execute(),
    ).rejects.toThrow(/foreign key/);
  });

  it('a confirmed email change updates the profile copy', async () => {
    const { data } = await signUp(`mail_${uniq()}`);
    await sql`update auth.users set email = 'changed-' || id || '@example.com' where id = ${data.user!.id}`.execute(
      database.db,
    );
    const profile = await database.db
      .selectFrom('profiles')
      .select('email')
      .where('id', '=', data.user!.id)
      .executeTakeFirstOrThrow();
    expect(profile.email).toBe(`changed-${data.user!.id}@example.com`);
  });

  it('the reserved list in the database is the one the forms use', async () => {
    const rows = await sql<{ name: string }>`select name from public.reserved_usernames order by name`.execute(
      database.db,
    );
    expect(rows.rows.map((r) => r.name)).toEqual(RESERVED_USERNAMES.map((n) => n.toLowerCase()).sort());
  });
});

describe('GET /api/auth/check-username', () => {
  const check = async (username: string) =>
    (
      await handleCheckUsername(
        new Request(`http://site.test/api/auth/check-username?username=${encodeURIComponent(username)}`),
        ctx(),
      )
    ).json() as Promise<unknown>;
  it('answers available, taken or the rule broken', async () => {
    const username = `free_${uniq()}`;
    expect(await check(username)).toEqual({ available: true, message: '✓ Username is available' });
    await signUp(username);
    expect(await check(username.toUpperCase())).toEqual({ available: false, message: 'Username is already taken.' });
    expect(await check('ab')).toEqual({ available: false, message: 'Username must be at least 3 characters long' });
    expect(await check('root')).toEqual({ available: false, message: 'This username is reserved and cannot be used' });
  });
});

describe('POST /api/auth/create-profile (Google and confirm path)', () => {
  it('needs a session', async () => {
    const response = await handleCreateProfile(post('/api/auth/create-profile', {}), ctx());
    expect(response.status).toBe(401);
  });

  it("refuses another user's id (security)", async () => {
    const victim = await signUp(null);
    const attacker = await signUp(null);
    const body = {
      user: { id: victim.data.user!.id, email: victim.email },
      profile: { username: `hijack_${uniq()}`, full_name: 'X', email: victim.email },
    };
    const response = await handleCreateProfile(
      post('/api/auth/create-profile', body),
      ctx(asUser(attacker.data.user!.id)),
    );
    expect(response.status).toBe(403);
    expect((await answerOf(response)).error.code).toBe('forbidden');
    const profile = await database.db
      .selectFrom('profiles')
      .select('username')
      .where('id', '=', victim.data.user!.id)
      .executeTakeFirstOrThrow();
    expect(profile.username).toBeNull();
  });

  it('gives a profile without a username its username (201), then refuses a second one', async () => {
    const { data, email } = await signUp(null);
    const username = `chosen_${uniq()}`;
    const body = { user: { id: data.user!.id, email }, profile: { username, full_name: 'Chosen One', email } };
    const response = await handleCreateProfile(post('/api/auth/create-profile', body), ctx(asUser(data.user!.id)));
    expect(response.status).toBe(201);
    expect((await answerOf(response)).profile).toMatchObject({
      id: data.user!.id,
      username,
      full_name: 'Chosen One',
      email,
    });
    const again = await handleCreateProfile(
      post('/api/auth/create-profile', { ...body, profile: { ...body.profile, username: `x${uniq()}` } }),
      ctx(asUser(data.user!.id)),
    );
    expect(again.status).toBe(409);
  });

  it('a taken username: 409 and the spec message', async () => {
    const taken = `dup_${uniq()}`;
    await signUp(taken);
    const { data, email } = await signUp(null);
    const body = {
      user: { id: data.user!.id, email },
      profile: { username: taken.toUpperCase(), full_name: null, email },
    };
    const response = await handleCreateProfile(post('/api/auth/create-profile', body), ctx(asUser(data.user!.id)));
    expect(response.status).toBe(409);
    expect(await answerOf(response)).toEqual({
      error: { code: 'username_taken', message: 'Username is already taken. Please choose a different username.' },
    });
  });

  it('validates the username with the shared rules', async () => {
    const { data, email } = await signUp(null);
    const body = { user: { id: data.user!.id, email }, profile: { username: 'no spaces', full_name: null, email } };
    const response = await handleCreateProfile(post('/api/auth/create-profile', body), ctx(asUser(data.user!.id)));
    expect(response.status).toBe(400);
    expect((await answerOf(response)).error.message).toBe(
      'Username can only contain letters, numbers, underscores, and hyphens',
    );
  });
});

describe('GET /api/auth/me', () => {
  it('is free and empty when signed out', async () => {
    expect(await (await handleMe(new Request('http://site.test/api/auth/me'), ctx())).json()).toEqual({
      user: null,
      profile: null,
      tier: 'free',
    });
  });
  it("gives the profile and the tier of the active subscription's plan", async () => {
    const username = `tier_${uniq()}`;
    const { data, email } = await signUp(username);
    const id = data.user!.id;
    const me = async () =>
      answerOf(await handleMe(new Request('http://site.test/api/auth/me'), ctx(asUser(id, email))));
    expect((await me()).tier).toBe('free');
    const plan = await database.db
      .selectFrom('subscription_plans')
      .select('id')
      .where('name', '=', 'premium')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('user_subscriptions')
      .values({ user_id: id, plan_id: plan.id, status: 'canceled' })
      .execute();
    expect((await me()).tier).toBe('free');
    await database.db
      .insertInto('user_subscriptions')
      .values({ user_id: id, plan_id: plan.id, status: 'active' })
      .execute();
    const body = await me();
    expect(body.tier).toBe('premium');
    expect(body.profile).toMatchObject({ id, username, email });
  });
});

describe('POST /api/auth/sign-in', () => {
  it('resolves a username on the server and never answers with the email', async () => {
    const username = `named_${uniq()}`;
    const { data, email } = await signUp(username);
    const signIn = vi.fn(() => Promise.resolve({ error: null, user: { id: data.user!.id } }));
    const response = await handleSignIn(
      post('/api/auth/sign-in', { identifier: username.toUpperCase(), password: 'p' }),
      { ...ctx(), signIn },
    );
    expect(response.status).toBe(200);
    expect(signIn).toHaveBeenCalledWith(email, 'p');
    const text = await response.text();
    expect(text).not.toContain(email);
  });
  it('an unknown username takes the path of a wrong password: an address no account can have, the same per username', async () => {
    const wrong = {
      error: { status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' },
      user: null,
    };
    const signIn = vi.fn(() => Promise.resolve(wrong));
    const ghost = `ghost_${uniq()}`;
    const response = await handleSignIn(post('/api/auth/sign-in', { identifier: ghost, password: 'p' }), {
      ...ctx(),
      signIn,
    });
    expect(response.status).toBe(400);
    expect(await answerOf(response)).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    await handleSignIn(post('/api/auth/sign-in', { identifier: ghost.toUpperCase(), password: 'q' }), {
      ...ctx(),
      signIn,
    });
    const [first, second] = signIn.mock.calls as unknown as [string, string][];
    expect(first![0]).toMatch(/^unknown-[0-9a-f]{32}@username\.invalid$/);
    expect(second![0]).toBe(first![0]);
    expect(first![0]).not.toContain(ghost);
  });
  it('a 429 says when to retry, with the spec message', async () => {
    const signIn = () =>
      Promise.resolve({
        error: {
          status: 429,
          code: 'over_request_rate_limit',
          message: 'Request rate limit reached',
          retryAfterSeconds: 42,
        },
        user: null,
      });
    const response = await handleSignIn(post('/api/auth/sign-in', { identifier: 'a@b.cd', password: 'p' }), {
      ...ctx(),
      signIn,
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
    expect(await answerOf(response)).toEqual({
      error: { code: 'over_request_rate_limit', message: 'Too many login attempts. Please try again later.' },
    });
  });
  it('bounds its input: a megabyte identifier or password is refused without a lookup', async () => {
    const signIn = vi.fn();
    for (const body of [
      { identifier: 'x'.repeat(1_000_000), password: 'p' },
      { identifier: 'a@b.cd', password: 'p'.repeat(1_000_000) },
    ]) {
      const response = await handleSignIn(post('/api/auth/sign-in', body), { ...ctx(), signIn });
      expect(response.status).toBe(400);
    }
    expect(signIn).not.toHaveBeenCalled();
  });
  it('passes the auth service errors on', async () => {
    const signIn = () =>
      Promise.resolve({
        error: { status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' },
        user: null,
      });
    const response = await handleSignIn(post('/api/auth/sign-in', { identifier: 'a@b.cd', password: 'p' }), {
      ...ctx(),
      signIn,
    });
    expect(await answerOf(response)).toEqual({
      error: { code: 'email_not_confirmed', message: 'Email not confirmed' },
    });
  });
  it('validates with the shared messages', async () => {
    const response = await handleSignIn(post('/api/auth/sign-in', { identifier: '', password: '' }), {
      ...ctx(),
      signIn: vi.fn(),
    });
    expect((await answerOf(response)).error.message).toBe('Please enter both email and password.');
  });
});

describe('PATCH /api/profile and DELETE /api/account', () => {
  it('updates only the caller’s profile, with the shared rules', async () => {
    const { data } = await signUp(`edit_${uniq()}`);
    const id = data.user!.id;
    const bad = await handleUpdateProfile(post('/api/profile', { full_name: '', bio: '' }, 'PATCH'), ctx(asUser(id)));
    expect((await answerOf(bad)).error.message).toBe('Full name is required');
    const ok = await handleUpdateProfile(
      post('/api/profile', { full_name: 'New Name', bio: 'New bio' }, 'PATCH'),
      ctx(asUser(id)),
    );
    expect((await answerOf(ok)).profile).toMatchObject({ full_name: 'New Name', bio: 'New bio' });
  });

  it('leaves what the request does not name as it is, and changes the avatar only through the upload', async () => {
    const { data } = await signUp(`keep_${uniq()}`);
    const id = data.user!.id;
    const uploaded = 'http://site.test/storage/v1/object/public/avatars/x/avatar-256-0123456789abcdef.webp';
    await database.db.updateTable('profiles').set({ avatar_url: uploaded }).where('id', '=', id).execute();
    const patch = async (body: unknown) => {
      const response = await handleUpdateProfile(post('/api/profile', body, 'PATCH'), ctx(asUser(id)));
      return {
        status: response.status,
        body: (await response.json()) as { profile?: Record<string, unknown>; error?: { message: string } },
      };
    };

    // The profile form after an avatar upload: name and bio only; the new avatar stays.
    expect((await patch({ full_name: 'Kept Avatar', bio: 'Bio' })).body.profile).toMatchObject({
      full_name: 'Kept Avatar',
      bio: 'Bio',
      avatar_url: uploaded,
    });
    expect((await patch({ bio: 'Only the bio' })).body.profile).toMatchObject({
      full_name: 'Kept Avatar',
      bio: 'Only the bio',
      avatar_url: uploaded,
    });
    expect((await patch({ full_name: 'Only the name' })).body.profile).toMatchObject({
      full_name: 'Only the name',
      bio: 'Only the bio',
      avatar_url: uploaded,
    });
    expect((await patch({ bio: '' })).body.profile).toMatchObject({ bio: null, avatar_url: uploaded });
    // An old form sending the avatar URL back, or any other URL, is refused and changes nothing.
    for (const avatar_url of ['http://site.test/storage/v1/object/public/avatars/x/old.webp', '', null]) {
      expect(await patch({ full_name: 'Old Form', bio: 'x', avatar_url })).toEqual({
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'The avatar is changed by uploading a picture on your profile page.',
          },
        },
      });
    }
    const stored = await database.db
      .selectFrom('profiles')
      .select(['full_name', 'avatar_url'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ full_name: 'Only the name', avatar_url: uploaded });
  });

  it('completes the profile (avatar and bio) for its XP whichever comes last', async () => {
    const { data } = await signUp(`xp_${uniq()}`);
    const id = data.user!.id;
    await database.db
      .updateTable('profiles')
      .set({ avatar_url: 'http://site.test/a.webp', bio: null })
      .where('id', '=', id)
      .execute();
    await handleUpdateProfile(post('/api/profile', { bio: 'Now with a bio' }, 'PATCH'), ctx(asUser(id)));
    const awards = await database.db
      .selectFrom('xp_ledger')
      .select(['kind', 'points'])
      .where('user_id', '=', id)
      .execute();
    expect(awards).toEqual([{ kind: 'profile_completed', points: 30 }]);
  });

  it('deletes the account after the confirmation, profile included', async () => {
    const { data, email } = await signUp(`bye_${uniq()}`);
    const id = data.user!.id;
    const signOut = vi.fn(async () => {});
    expect(
      (await handleDeleteAccount(post('/api/account', {}, 'DELETE'), { ...ctx(asUser(id)), signOut })).status,
    ).toBe(400);
    expect(
      (
        await handleDeleteAccount(post('/api/account', { confirm: 'DELETE' }, 'DELETE'), {
          ...ctx(asUser(id)),
          signOut,
        })
      ).status,
    ).toBe(200);
    expect(signOut).toHaveBeenCalled();
    expect(await countUsers(email)).toBe(0);
    expect(
      await database.db.selectFrom('profiles').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
