import { randomUUID } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { createServer as createHttpServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentServer, type SilentServer } from '../../../tests/helpers/stand-ins.ts';
import { resetEnvCache } from '../config/env.ts';
import { REMOTE_TIMEOUT_MS } from '../config/remote-timeouts.ts';
import { isRemoteServiceFailure, resetRemoteFailureLog } from '../http/remote.server.ts';
import { authStorageKey } from './cookies.ts';
import { createSupabaseServerClient, userFromSession } from './supabase.server.ts';

// Hosted Supabase Auth that cannot answer, in the Supabase mode's configuration: a stand-in
// that accepts connections and never says a word, and a host that does not resolve (.invalid
// is reserved never to). The session check gives up after the configured time, says so in
// one log line per incident, and the caller learns that the service failed.

let silent: SilentServer;
let silentUrl: string;

beforeAll(async () => {
  silent = await silentServer();
  silentUrl = silent.url;
});
afterAll(() => silent?.close());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  resetEnvCache();
  resetRemoteFailureLog();
});

function supabaseMode(url: string) {
  for (const [key, value] of Object.entries({
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: 'anon-key',
    DATABASE_URL: 'postgres://u:p@db.test:5432/app',
    SITE_URL: 'https://critical-hit.example',
  })) {
    vi.stubEnv(key, value);
  }
  resetEnvCache();
}

/** A session cookie whose ES256 token names a key nobody has fetched yet (so getClaims must ask for the key set). */
async function sessionCookie(url: string, key?: { privateKey: CryptoKey; kid: string }): Promise<string> {
  const { privateKey } = key ?? (await generateKeyPair('ES256'));
  const kid = key?.kid ?? randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({
    aud: 'authenticated',
    role: 'authenticated',
    session_id: randomUUID(),
    email: 'a@example.com',
  })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setSubject(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  const session = {
    access_token: accessToken,
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    user: { id: randomUUID() },
  };
  return `${authStorageKey(url)}=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
}

function sessionCheck(cookie: string, write = false) {
  const url = new URL('https://critical-hit.example/dashboard');
  const cookies = { set: () => {} } as unknown as AstroCookies;
  const client = createSupabaseServerClient({ request: new Request(url, { headers: { cookie } }), url, cookies });
  return userFromSession(client, { write });
}

function logLines() {
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(() => {}),
  );
  return () => spies.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')));
}

const timed = async <T>(work: Promise<T>) => {
  const started = performance.now();
  const outcome = await work.then(
    (value) => ({ value, error: undefined as unknown }),
    (error: unknown) => ({ value: undefined, error }),
  );
  return { ...outcome, ms: performance.now() - started };
};

describe('hosted Supabase Auth that accepts and never answers', () => {
  it('gives up after the configured time, as a failed service, with one log line naming it and the time', async () => {
    supabaseMode(silentUrl);
    const lines = logLines();
    const { error, ms } = await timed(sessionCheck(await sessionCookie(silentUrl)));
    expect(isRemoteServiceFailure(error)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(REMOTE_TIMEOUT_MS.supabaseAuth - 50);
    expect(ms).toBeLessThan(REMOTE_TIMEOUT_MS.supabaseAuth + 3_000);
    expect(lines()).toEqual([
      expect.stringMatching(new RegExp(`Supabase Auth .*${REMOTE_TIMEOUT_MS.supabaseAuth} ms`)),
    ]);
  });

  it('a flood of requests in one incident is still one log line', async () => {
    supabaseMode(silentUrl);
    const lines = logLines();
    const cookies = await Promise.all(Array.from({ length: 8 }, () => sessionCookie(silentUrl)));
    const outcomes = await Promise.all(cookies.map((cookie, index) => timed(sessionCheck(cookie, index % 2 === 0))));
    for (const { error, ms } of outcomes) {
      expect(isRemoteServiceFailure(error)).toBe(true);
      expect(ms).toBeLessThan(REMOTE_TIMEOUT_MS.supabaseAuth + 3_000);
    }
    expect(lines()).toHaveLength(1);
  });
});

describe('hosted Supabase Auth that hands out its key set but never answers getUser', () => {
  it('a verified token still reads; a write gives up after the configured time as a failed service', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const kid = randomUUID();
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] });
    const held = new Set<() => void>();
    const partly = createHttpServer((request, response) => {
      if (request.url?.endsWith('/.well-known/jwks.json'))
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
      held.add(() => response.destroy());
    });
    await new Promise<void>((resolve) => partly.listen(0, '127.0.0.1', resolve));
    const url = `http://localhost:${(partly.address() as { port: number }).port}`;
    try {
      supabaseMode(url);
      const lines = logLines();
      const cookie = await sessionCookie(url, { privateKey, kid });
      const read = await timed(sessionCheck(cookie));
      expect(read.error).toBeUndefined();
      expect(read.value).toMatchObject({ email: 'a@example.com' });
      // The session's next reads are remembered for a few seconds: they do not wait again.
      const again = await timed(sessionCheck(cookie));
      expect(again.value).toMatchObject({ email: 'a@example.com' });
      expect(again.ms).toBeLessThan(1_000);
      const write = await timed(sessionCheck(cookie, true));
      expect(isRemoteServiceFailure(write.error)).toBe(true);
      expect(write.ms).toBeLessThan(REMOTE_TIMEOUT_MS.supabaseAuth + 3_000);
      expect(lines()).toEqual([
        expect.stringMatching(new RegExp(`Supabase Auth .*${REMOTE_TIMEOUT_MS.supabaseAuth} ms .*GET .*/auth/v1/user`)),
      ]);
    } finally {
      for (const release of held) release();
      await new Promise((resolve) => partly.close(resolve));
    }
  });
});

describe('SUPABASE_URL that does not resolve', () => {
  const unresolvable = 'https://critical-hit-remote-test.invalid';

  it('is a failed service, told once in the log however many requests carry a session', async () => {
    supabaseMode(unresolvable);
    const lines = logLines();
    const first = await timed(sessionCheck(await sessionCookie(unresolvable)));
    expect(isRemoteServiceFailure(first.error)).toBe(true);
    expect(first.ms).toBeLessThan(REMOTE_TIMEOUT_MS.supabaseAuth + 3_000);
    for (let i = 0; i < 5; i += 1)
      expect(isRemoteServiceFailure((await timed(sessionCheck(await sessionCookie(unresolvable)))).error)).toBe(true);
    expect(lines()).toEqual([expect.stringMatching(/Supabase Auth .*critical-hit-remote-test\.invalid/)]);
  });
});
