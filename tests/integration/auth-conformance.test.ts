import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { sha256Hex, startTestAuthServer, type TestAuthServer } from '../helpers/auth-server.ts';

/**
 * Conformance of the local auth service with Supabase Auth, driven only through
 * @supabase/supabase-js (createClient with the service's origin), as the site's browser and
 * server clients drive it.
 *
 * Local run (always): the service on an HTTP server on an ephemeral port, fresh in-memory
 * database, in-memory mailbox, a local key set standing in for Google's.
 *
 * Hosted run: with SUPABASE_TEST_URL and SUPABASE_TEST_ANON_KEY set, the same suite runs
 * against that Supabase project as well. Tests that need to read emails (confirmation,
 * recovery) or to sign Google ID tokens need the local stand-ins and are skipped there; for
 * the others the project needs email sign-ups with "Confirm email" off (see README).
 */

interface Target {
  name: string;
  url: string;
  anonKey: string;
  server?: TestAuthServer;
  /** The local service's database (to move a token's time back instead of waiting). */
  database?: DatabaseConnection;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const uniq = () => randomBytes(5).toString('hex');
const PASSWORD = 'Correct-Horse-9';

function suite(getTarget: () => Target) {
  /** A supabase-js client as a separate browser would be: its own storage and its own address. */
  const client = (flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient =>
    createClient(getTarget().url, getTarget().anonKey, {
      auth: {
        storage: memoryStorage(),
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        flowType,
      },
      global: { headers: { 'x-test-client': uniq() } },
      // createClient leaves its schema type open (any) for an untyped database.
    }) as SupabaseClient;

  const local = () => getTarget().server;

  /** Follows an email link as a browser would, without following the redirect it answers. */
  async function followLink(link: string): Promise<URL> {
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  }

  /** A confirmed user with a password (through the mailbox link locally, or auto-confirmed). */
  async function confirmedUser(ctx: { skip: (note?: string) => void }, data: Record<string, unknown> = {}) {
    const email = `player-${uniq()}@example.com`;
    const anon = client();
    const { data: signUp, error } = await anon.auth.signUp({ email, password: PASSWORD, options: { data } });
    expect(error).toBeNull();
    if (!signUp.session) {
      const server = local();
      if (!server) return ctx.skip('needs the mailbox, or a project with "Confirm email" off');
      const location = await followLink(server.lastEmail(email)!.links[0]!);
      expect(location.hash).toContain('access_token=');
    }
    return { email, id: signUp.user!.id };
  }

  it('signs up, refuses to sign in before confirmation, confirms through the email link, then signs in', async (ctx) => {
    const server = local();
    if (!server) return ctx.skip('reads the confirmation email');
    const email = `new-${uniq()}@example.com`;
    const browser = client();
    const { data, error } = await browser.auth.signUp({
      email,
      password: PASSWORD,
      options: {
        data: { username: `u${uniq()}`, full_name: 'New Player', bio: 'Hi' },
        emailRedirectTo: `${server.url}/auth/callback`,
      },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated' });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.user_metadata).toMatchObject({ full_name: 'New Player', bio: 'Hi' });

    const early = await browser.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');

    const mail = server.lastEmail(email)!;
    expect(mail.subject).toBe('Confirm Your Signup');
    const location = await followLink(mail.links[0]!);
    expect(`${location.origin}${location.pathname}`).toBe(`${server.url}/auth/callback`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toBeTruthy();

    // The link works once.
    const again = await followLink(mail.links[0]!);
    expect(new URLSearchParams(again.hash.slice(1)).get('error_code')).toBe('otp_expired');

    const { data: signedIn, error: signInError } = await browser.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signInError).toBeNull();
    expect(signedIn.session!.token_type).toBe('bearer');
    expect(signedIn.session!.expires_in).toBe(3600);
    expect(signedIn.user!.email_confirmed_at).toBeTruthy();
  });

  it('getUser and getClaims: ES256 token with Supabase claims, verified against the JWKS', async (ctx) => {
    const { email, id } = (await confirmedUser(ctx))!;
    const browser = client();
    const { data } = await browser.auth.signInWithPassword({ email, password: PASSWORD });
    const { data: userData, error: userError } = await browser.auth.getUser();
    expect(userError).toBeNull();
    expect(userData.user!.id).toBe(id);

    const { data: claimsData, error } = await browser.auth.getClaims();
    expect(error).toBeNull();
    const { claims, header } = claimsData!;
    if (local()) expect(header.alg).toBe('ES256');
    expect(header.kid).toBeTruthy();
    expect(claims).toMatchObject({
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(claims.session_id).toBeTruthy();
    expect((claims.amr?.[0] as { method?: string } | undefined)?.method).toBe('password');
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.app_metadata).toMatchObject({ provider: 'email' });
    expect(claims.user_metadata).toBeTypeOf('object');
    expect(data.session!.access_token.split('.')).toHaveLength(3);

    // A token with a forged payload fails verification.
    const [h, p, s] = data.session!.access_token.split('.');
    const forged = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    forged.role = 'service_role';
    const forgedToken = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`;
    const { error: forgedError } = await browser.auth.getClaims(forgedToken);
    expect(forgedError).not.toBeNull();
  });

  it('invalid_credentials for a wrong password and for an unknown email', async (ctx) => {
    const { email } = (await confirmedUser(ctx))!;
    const wrong = await client().auth.signInWithPassword({ email, password: 'Wrong-Password-1' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await client().auth.signInWithPassword({
      email: `nobody-${uniq()}@example.com`,
      password: PASSWORD,
    });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  // With email confirmations on (the local service), a registered address is answered like
  // a new one instead: tests/integration/ending-access.test.ts.
  it('user_already_exists for a second sign-up with a confirmed email (auto-confirm on)', async (ctx) => {
    if (local()) return ctx.skip('confirmations are on: a registered address is answered like a new one');
    const { email } = (await confirmedUser(ctx))!;
    const { error } = await client().auth.signUp({ email, password: PASSWORD });
    expect(error?.code).toBe('user_already_exists');
    expect(error?.status).toBe(422);
    expect(error?.message).toBe('User already registered');
  });

  it('weak_password with its reasons', async () => {
    const { error } = await client().auth.signUp({ email: `weak-${uniq()}@example.com`, password: 'short' });
    expect(error?.code).toBe('weak_password');
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect((error as { reasons?: string[] }).reasons).toContain('length');
  });

  it('refresh rotates the refresh token', async (ctx) => {
    const { email } = (await confirmedUser(ctx))!;
    const browser = client();
    const { data } = await browser.auth.signInWithPassword({ email, password: PASSWORD });
    const first = data.session!;
    const { data: refreshed, error } = await browser.auth.refreshSession();
    expect(error).toBeNull();
    expect(refreshed.session!.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.session!.user.id).toBe(first.user.id);
    const { data: claims } = await browser.auth.getClaims();
    expect(claims!.claims.session_id).toBeTruthy();
  });

  /** Moves the moment `refreshToken` was rotated back by `seconds` (instead of waiting). */
  async function rotatedSecondsAgo(refreshToken: string, seconds: number): Promise<void> {
    const { db } = getTarget().database!;
    await db
      .updateTable('auth.refresh_tokens')
      .set({ updated_at: sql<Date>`updated_at - make_interval(secs => ${seconds})` })
      .where('token', '=', refreshToken)
      .execute();
  }

  it('a refresh token replayed within 10 s of its rotation gets the current one; the session goes on', async (ctx) => {
    const { email } = (await confirmedUser(ctx))!;
    const { data } = await client().auth.signInWithPassword({ email, password: PASSWORD });
    const token = data.session!.refresh_token;
    const first = await client().auth.refreshSession({ refresh_token: token });
    expect(first.error).toBeNull();
    // The answer a second tab gets when it refreshed with the same token at the same time.
    const replay = await client().auth.refreshSession({ refresh_token: token });
    expect(replay.error).toBeNull();
    expect(replay.data.session!.refresh_token).toBe(first.data.session!.refresh_token);
    expect(replay.data.session!.user.id).toBe(first.data.session!.user.id);
    // Both copies of the session are the same live session.
    expect((await client().auth.getUser(replay.data.session!.access_token)).error).toBeNull();
    expect((await client().auth.getUser(first.data.session!.access_token)).error).toBeNull();
    const next = await client().auth.refreshSession({ refresh_token: first.data.session!.refresh_token });
    expect(next.error).toBeNull();
    expect(next.data.session!.refresh_token).not.toBe(first.data.session!.refresh_token);
  });

  it('two tabs sharing storage refresh at once and both stay signed in', async (ctx) => {
    const { email, id } = (await confirmedUser(ctx))!;
    const storage = memoryStorage();
    const tab = () =>
      createClient(getTarget().url, getTarget().anonKey, {
        auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
        global: { headers: { 'x-test-client': uniq() } },
      });
    const one = tab();
    const two = tab();
    expect((await one.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const before = (await two.auth.getSession()).data.session!;

    // Both send the same refresh token. The server answers both with one new session; the
    // tab whose answer comes second may discard it (auth-js saw the storage change), which
    // is not a sign-out.
    const results = await Promise.all([one.auth.refreshSession(), two.auth.refreshSession()]);
    for (const { error } of results) expect([undefined, 'AuthRefreshDiscardedError']).toContain(error?.name);
    const stored = (await one.auth.getSession()).data.session!;
    expect(stored.refresh_token).not.toBe(before.refresh_token);
    expect((await two.auth.getSession()).data.session!.refresh_token).toBe(stored.refresh_token);
    for (const browser of [one, two]) {
      const { data: user, error } = await browser.auth.getUser();
      expect(error).toBeNull();
      expect(user.user!.id).toBe(id);
    }
    // And the session refreshes on from what both hold.
    expect((await two.auth.refreshSession()).error).toBeNull();
    expect((await one.auth.getUser()).error).toBeNull();
  });

  it('a refresh token replayed more than 10 s after its rotation revokes the session', async (ctx) => {
    if (!getTarget().database) return ctx.skip("moves the token's rotation back in the local service's database");
    const { email } = (await confirmedUser(ctx))!;
    const { data } = await client().auth.signInWithPassword({ email, password: PASSWORD });
    const stolen = data.session!.refresh_token;
    const current = (await client().auth.refreshSession({ refresh_token: stolen })).data.session!;
    await rotatedSecondsAgo(stolen, 11);

    const replay = await client().auth.refreshSession({ refresh_token: stolen });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    const afterwards = await client().auth.refreshSession({ refresh_token: current.refresh_token });
    expect(afterwards.error?.code).toBe('refresh_token_not_found');
    const { error: userError } = await client().auth.getUser(current.access_token);
    expect(userError?.name).toBe('AuthSessionMissingError');
  });

  it('an older token replayed after two rotations revokes the session once its 10 s have passed', async (ctx) => {
    if (!getTarget().database) return ctx.skip("moves the token's rotation back in the local service's database");
    const { email } = (await confirmedUser(ctx))!;
    const browser = client();
    const { data } = await browser.auth.signInWithPassword({ email, password: PASSWORD });
    const stolen = data.session!.refresh_token;
    expect((await browser.auth.refreshSession()).error).toBeNull();
    const third = await browser.auth.refreshSession();
    expect(third.error).toBeNull();
    const current = third.data.session!;
    // Exactly at the end of the interval it is still a replay of a moment ago...
    await rotatedSecondsAgo(stolen, 9);
    expect((await client().auth.refreshSession({ refresh_token: stolen })).data.session?.refresh_token).toBe(
      current.refresh_token,
    );
    // ...after it, someone replays a token rotated long ago: the whole session is revoked.
    await rotatedSecondsAgo(stolen, 2);
    const replay = await client().auth.refreshSession({ refresh_token: stolen });
    expect(replay.error?.code).toBe('refresh_token_already_used');

    const victim = client();
    const afterwards = await victim.auth.refreshSession({ refresh_token: current.refresh_token });
    expect(afterwards.error?.code).toBe('refresh_token_not_found');
    const { error: userError } = await victim.auth.getUser(current.access_token);
    expect(userError?.name).toBe('AuthSessionMissingError');
  });

  it('updateUser changes the password', async (ctx) => {
    const { email } = (await confirmedUser(ctx))!;
    const browser = client();
    await browser.auth.signInWithPassword({ email, password: PASSWORD });
    const same = await browser.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    const tooShort = await browser.auth.updateUser({ password: 'short' });
    expect(tooShort.error?.code).toBe('weak_password');
    const { error } = await browser.auth.updateUser({ password: 'Brand-New-Pass-2' });
    expect(error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client().auth.signInWithPassword({ email, password: 'Brand-New-Pass-2' })).error).toBeNull();
  });

  it('resetPasswordForEmail, then the recovery link, exchanged with PKCE, then a new password', async (ctx) => {
    const server = local();
    if (!server) return ctx.skip('reads the recovery email');
    const { email } = (await confirmedUser(ctx))!;
    const browser = client('pkce');
    const { error } = await browser.auth.resetPasswordForEmail(email, { redirectTo: `${server.url}/reset-password` });
    expect(error).toBeNull();
    // Unknown addresses get the same answer.
    expect((await client().auth.resetPasswordForEmail(`ghost-${uniq()}@example.com`)).error).toBeNull();

    const mail = server.lastEmail(email)!;
    expect(mail.subject).toBe('Reset Your Password');
    const location = await followLink(mail.links[0]!);
    expect(location.pathname).toBe('/reset-password');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();

    // The code is useless without the verifier the requesting browser kept.
    const thief = await client('pkce').auth.exchangeCodeForSession(code);
    expect(thief.error).not.toBeNull();

    const events: string[] = [];
    browser.auth.onAuthStateChange((event) => void events.push(event));
    const { data, error: exchangeError } = await browser.auth.exchangeCodeForSession(code);
    expect(exchangeError).toBeNull();
    expect(data.session!.user.email).toBe(email);
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await browser.auth.updateUser({ password: 'After-Reset-3' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'After-Reset-3' })).error).toBeNull();
    // Single use.
    expect((await browser.auth.exchangeCodeForSession(code)).error).not.toBeNull();
  });

  it('PKCE sign-up: the confirmation link carries a code the signing-up browser exchanges', async (ctx) => {
    const server = local();
    if (!server) return ctx.skip('reads the confirmation email');
    const email = `pkce-${uniq()}@example.com`;
    const browser = client('pkce');
    await browser.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${server.url}/auth/callback` },
    });
    const location = await followLink(server.lastEmail(email)!.links[0]!);
    expect(location.hash).toBe('');
    const { data, error } = await browser.auth.exchangeCodeForSession(location.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeTruthy();
  });

  it('signInWithIdToken for Google with a nonce (raw nonce to the service, hashed nonce in the token)', async (ctx) => {
    const server = local();
    if (!server) return ctx.skip('needs an ID token signed by the local stand-in for Google');
    const nonce = uniq();
    const sub = `google-${uniq()}`;
    const email = `g-${uniq()}@gmail.example`;
    const token = await server.googleIdToken({ sub, email, name: 'Gee Player', nonce: sha256Hex(nonce) });
    const browser = client();
    const { data, error } = await browser.auth.signInWithIdToken({ provider: 'google', token, nonce });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.app_metadata.provider).toBe('google');
    expect(data.user!.identities?.[0]).toMatchObject({ provider: 'google', id: sub });
    const googleClaims = (await browser.auth.getClaims()).data!.claims;
    expect((googleClaims.amr?.[0] as { method?: string } | undefined)?.method).toBe('oauth');

    // Same Google account again: same user.
    const again = await client().auth.signInWithIdToken({
      provider: 'google',
      token: await server.googleIdToken({ sub, email, nonce: sha256Hex('n2') }),
      nonce: 'n2',
    });
    expect(again.data.user!.id).toBe(data.user!.id);

    const badNonce = await client().auth.signInWithIdToken({ provider: 'google', token, nonce: 'not-the-nonce' });
    expect(badNonce.error).not.toBeNull();
    const missingNonce = await client().auth.signInWithIdToken({ provider: 'google', token });
    expect(missingNonce.error).not.toBeNull();
    const otherAudience = await client().auth.signInWithIdToken({
      provider: 'google',
      token: await server.googleIdToken({ sub, email, aud: 'someone-else' }),
    });
    expect(otherAudience.error).not.toBeNull();
  });

  it('signOut local ends this session only; global ends them all', async (ctx) => {
    const { email } = (await confirmedUser(ctx))!;
    const phone = client();
    const laptop = client();
    const desktop = client();
    await phone.auth.signInWithPassword({ email, password: PASSWORD });
    const laptopSession = (await laptop.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const desktopSession = (await desktop.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;

    expect((await laptop.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await laptop.auth.getSession()).data.session).toBeNull();
    expect((await client().auth.getUser(laptopSession.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await phone.auth.getUser()).error).toBeNull();

    expect((await phone.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect((await client().auth.getUser(desktopSession.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await client().auth.refreshSession({ refresh_token: desktopSession.refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );
  });

  it('session_not_found: an access token whose session is gone', async (ctx) => {
    const { email } = (await confirmedUser(ctx))!;
    const browser = client();
    const session = (await browser.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    await browser.auth.signOut({ scope: 'local' });
    const { error } = await client().auth.updateUser({ data: { x: 1 } });
    expect(error?.name).toBe('AuthSessionMissingError');
    const gone = await client().auth.getUser(session.access_token);
    expect(gone.error?.name).toBe('AuthSessionMissingError');
    expect(gone.error?.message).toBe('Auth session missing!');
  });

  it('over_request_rate_limit after the sign-in burst (30 per 5 minutes per client)', async () => {
    const burst = client();
    let limited: { code?: string; status?: number } | null = null;
    for (let attempt = 0; attempt < 40 && !limited; attempt += 1) {
      const { error } = await burst.auth.signInWithPassword({ email: `nobody-${uniq()}@example.com`, password: 'x' });
      if (error?.code === 'over_request_rate_limit') limited = error;
    }
    expect(limited).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
    // Another client is not affected.
    expect(
      (await client().auth.signInWithPassword({ email: `nobody-${uniq()}@example.com`, password: 'x' })).error?.code,
    ).toBe('invalid_credentials');
  });
}

describe('local auth service through supabase-js', () => {
  let database: DatabaseConnection;
  let server: TestAuthServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestAuthServer(database);
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });
  suite(() => ({ name: 'local', url: server.url, anonKey: 'sb_publishable_local', server, database }));
});

const hostedUrl = process.env.SUPABASE_TEST_URL;
const hostedKey = process.env.SUPABASE_TEST_ANON_KEY;
describe.skipIf(!hostedUrl || !hostedKey)('hosted Supabase Auth through supabase-js (SUPABASE_TEST_URL)', () => {
  suite(() => ({ name: 'hosted', url: hostedUrl!, anonKey: hostedKey! }));
});
