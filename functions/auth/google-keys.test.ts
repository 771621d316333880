import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { directAuth, type DirectAuth } from '../../tests/helpers/auth-service.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { silentServer, type SilentServer } from '../../tests/helpers/stand-ins.ts';
import { REMOTE_TIMEOUT_MS } from '../../src/lib/config/remote-timeouts.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { resetRemoteFailureLog } from '../../src/lib/http/remote.server.ts';

// Google's key set that cannot be fetched (a stand-in that accepts and never answers, a host
// that does not resolve) is the service failing, not a bad token: a 5xx that auth-js reads
// as retryable (the browser shows "Server error. Please try again later."), and one log line
// naming Google's key set and the time it was given.

const CLIENT_ID = 'remote-test.apps.googleusercontent.com';
let database: DatabaseConnection;
let silent: SilentServer;
let viaSilent: DirectAuth;
let viaUnresolvable: DirectAuth;

beforeAll(async () => {
  database = await createTestDatabase();
  silent = await silentServer();
  viaSilent = directAuth(database, { googleClientIds: [CLIENT_ID], googleJwksUrl: `${silent.url}/oauth2/v3/certs` });
  viaUnresolvable = directAuth(database, {
    googleClientIds: [CLIENT_ID],
    googleJwksUrl: 'https://google-keys.invalid/oauth2/v3/certs',
  });
});
afterAll(async () => {
  await silent?.close();
  await database?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  resetRemoteFailureLog();
});

async function googleIdToken(): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'g@example.com', email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-key-1', typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(CLIENT_ID)
    .setSubject('google-user-1')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(privateKey);
}

function errorLines() {
  const spies = (['warn', 'error'] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
  return () => spies.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ')));
}

describe("Google's key set that cannot be fetched", () => {
  it('a silent key server: 504 after the configured time, logged with the time', async () => {
    const lines = errorLines();
    const started = performance.now();
    const { status, body } = await viaSilent.json('POST', '/token?grant_type=id_token', {
      body: { provider: 'google', id_token: await googleIdToken() },
    });
    const ms = performance.now() - started;
    expect(status).toBe(504);
    expect(body.code).toBe('request_timeout');
    expect(ms).toBeGreaterThanOrEqual(REMOTE_TIMEOUT_MS.googleJwks - 50);
    expect(ms).toBeLessThan(REMOTE_TIMEOUT_MS.googleJwks + 3_000);
    expect(lines()).toEqual([
      expect.stringMatching(new RegExp(`Google's key set .*${REMOTE_TIMEOUT_MS.googleJwks} ms`)),
    ]);
  });

  it('a host that does not resolve: 502 at once, logged once however many sign-ins try', async () => {
    const lines = errorLines();
    for (let i = 0; i < 3; i += 1) {
      const { status } = await viaUnresolvable.json('POST', '/token?grant_type=id_token', {
        body: { provider: 'google', id_token: await googleIdToken() },
      });
      expect(status).toBe(502);
    }
    expect(lines()).toEqual([expect.stringMatching(/Google's key set .*google-keys\.invalid/)]);
  });
});
