import { AuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
import type { AstroCookies } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDirectAuth, SITE } from '../../../tests/helpers/auth-service.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { AUTH_COOKIE_CHUNK_SIZE } from './cookies.ts';
import { acceptableClaims, createSupabaseServerClient, userFromSession } from './supabase.server.ts';

const t = useDirectAuth();
afterEach(() => vi.restoreAllMocks());

const COOKIE = 'sb-critical-hit-auth-token';
const encode = (session: unknown) => `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
const cookies = { set: () => {} } as unknown as AstroCookies;

/** The site's server client for a request to `path` carrying `cookie`, reaching the test service. */
function serverClient(cookie: string, fetchImpl: typeof fetch = t.auth.fetch) {
  const url = new URL(`${SITE}/dashboard`);
  return createSupabaseServerClient(
    { request: new Request(url, { headers: { cookie } }), url, cookies },
    { fetch: fetchImpl },
  );
}

async function signedInCookie(): Promise<{ cookie: string; sessionId: string }> {
  const email = await t.auth.confirmedUser();
  const session = (
    await t.auth.json('POST', '/token?grant_type=password', { body: { email, password: 'Correct-Horse-9' } })
  ).body;
  const { session_id: sessionId } = JSON.parse(
    Buffer.from(String(session.access_token).split('.')[1]!, 'base64url').toString(),
  ) as { session_id: string };
  return { cookie: `${COOKIE}=${encode(session)}`, sessionId };
}

function logLines() {
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(() => {}),
  );
  return () => spies.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')));
}

describe('a malformed session cookie', () => {
  const malformed = [
    `${COOKIE}=base64-!!!not-base64!!!`,
    `${COOKIE}=base64-${Buffer.from('{"access_token":"trunc').toString('base64url')}`,
    `${COOKIE}=garbage`,
    `${COOKIE}.0=${encode({ access_token: 'a.b.c', refresh_token: 'r' }).slice(0, 30)}; ${COOKIE}.1=zzz`,
    `${COOKIE}=${encode({ access_token: 'not a jwt', refresh_token: 'r' })}`,
  ];
  for (const cookie of malformed) {
    it(`is one log line, and the request is signed out: ${cookie.slice(0, 50)}`, async () => {
      const lines = logLines();
      const user = await userFromSession(serverClient(cookie), { write: false, isSessionLive: async () => true });
      expect(user).toBeNull();
      expect(lines()).toEqual(['[auth] malformed session cookie ignored: treated as signed out']);
    });
  }

  it('a valid session split into chunks is read as usual, without a log line', async () => {
    const { cookie } = await signedInCookie();
    const value = cookie.slice(COOKIE.length + 1);
    const chunks = [value.slice(0, AUTH_COOKIE_CHUNK_SIZE), value.slice(AUTH_COOKIE_CHUNK_SIZE)].filter(Boolean);
    const header = chunks.map((chunk, index) => `${COOKIE}.${index}=${chunk}`).join('; ');
    const lines = logLines();
    expect(
      await userFromSession(serverClient(header), { write: false, isSessionLive: async () => true }),
    ).not.toBeNull();
    expect(lines()).toEqual([]);
  });
});

describe('acceptableClaims', () => {
  const now = 1_800_000_000;
  const base = {
    iss: 'https://critical-hit.test/auth/v1',
    aal: 'aal1' as const,
    sub: 'u',
    aud: 'authenticated',
    session_id: 's',
    exp: now + 60,
    iat: now,
    role: 'authenticated',
  };
  it('wants a user token for the authenticated audience, valid now, naming its session', () => {
    expect(acceptableClaims(base, now)).toBe(true);
    expect(acceptableClaims({ ...base, aud: ['authenticated', 'other'] }, now)).toBe(true);
    expect(acceptableClaims({ ...base, nbf: now }, now)).toBe(true);
    expect(acceptableClaims({ ...base, aud: 'service' }, now)).toBe(false);
    expect(acceptableClaims({ ...base, aud: undefined as unknown as string }, now)).toBe(false);
    expect(acceptableClaims({ ...base, nbf: now + 1 }, now)).toBe(false);
    expect(acceptableClaims({ ...base, nbf: 'soon' as unknown as number }, now)).toBe(false);
    expect(acceptableClaims({ ...base, session_id: undefined as unknown as string }, now)).toBe(false);
  });
});

describe('the session behind the cookie must still be live', () => {
  it('local modes: the liveness answer decides', async () => {
    const { cookie, sessionId } = await signedInCookie();
    const asked: string[] = [];
    const live = await userFromSession(serverClient(cookie), {
      write: false,
      isSessionLive: async (id) => (asked.push(id), true),
    });
    expect(live?.sessionId).toBe(sessionId);
    expect(asked).toEqual([sessionId]);
    expect(await userFromSession(serverClient(cookie), { write: true, isSessionLive: async () => false })).toBeNull();
  });

  it('hosted Supabase: every write asks getUser, reads are remembered a few seconds', async () => {
    const { cookie } = await signedInCookie();
    let userCalls = 0;
    const counting: typeof fetch = async (input, init) => {
      if (new Request(input, init).url.endsWith('/auth/v1/user')) userCalls += 1;
      return t.auth.fetch(input, init);
    };
    expect(await userFromSession(serverClient(cookie, counting), { write: false })).not.toBeNull();
    expect(await userFromSession(serverClient(cookie, counting), { write: false })).not.toBeNull();
    expect(userCalls).toBe(1);
    expect(await userFromSession(serverClient(cookie, counting), { write: true })).not.toBeNull();
    expect(await userFromSession(serverClient(cookie, counting), { write: true })).not.toBeNull();
    expect(userCalls).toBe(3);
  });

  it('hosted Supabase: a write with an ended session is refused at once', async () => {
    const { cookie } = await signedInCookie();
    const session = JSON.parse(
      Buffer.from(cookie.slice(COOKIE.length + 1 + 'base64-'.length), 'base64url').toString(),
    ) as { access_token: string };
    expect(await userFromSession(serverClient(cookie), { write: false })).not.toBeNull();
    await t.auth.call('POST', '/logout?scope=local', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(await userFromSession(serverClient(cookie), { write: true })).toBeNull();
  });
});

describe('an auth service without its database', () => {
  it('is an outage (503), not a signed-out visitor', async () => {
    const down = new AuthRetryableFetchError('The database cannot be reached right now.', 503);
    const client = { auth: { getClaims: async () => ({ data: null, error: down }) } } as unknown as SupabaseClient;
    const failure = await userFromSession(client, { write: false, isSessionLive: async () => true }).catch(
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});
