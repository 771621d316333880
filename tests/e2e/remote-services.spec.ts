import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { REMOTE_TIMEOUT_MS } from '../../src/lib/config/remote-timeouts.ts';
import { silentServer, type SilentServer } from '../helpers/stand-ins.ts';
import { startSite, type SiteServer } from './servers.ts';

/**
 * The built site in Supabase mode (SUPABASE_URL, SUPABASE_ANON_KEY, DATABASE_URL on a database
 * of its own on TEST_DATABASE_URL) whose hosted Supabase Auth cannot answer: a stand-in that
 * accepts connections and never says a word, and a host under the reserved .invalid domain.
 * A signed-in visitor gets "Server error. Please try again later." within seconds where the
 * page needs them (it took 304 s to reach /login before), public answers treat them as signed
 * out, and the server says so in one log line however many requests arrive.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const SERVER_ERROR = 'Server error. Please try again later.';
// The time an answer may take on top of the timeout on two busy cores: far from the 300 s
// Node's fetch would wait.
const SLACK_MS = 10_000;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(!serverUrl, 'TEST_DATABASE_URL is not set');

let admin: pg.Client;
let databaseName: string;
let silent: SilentServer;
let silentUrl: string;
let silentSite: SiteServer;
let unresolvableSite: SiteServer;

const UNRESOLVABLE = 'https://critical-hit-e2e.invalid';

test.beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  databaseName = `critical_hit_remote_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${databaseName}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  // Migrated as the README's deploy steps do (a plain PostgreSQL stands in for the project's).
  await promisify(execFile)(process.execPath, ['scripts/db.ts', 'migrate'], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      SITE_URL: 'https://critical-hit.example',
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
    },
  });

  silent = await silentServer();
  silentUrl = silent.url;
  const supabase = (supabaseUrl: string) => ({
    DATABASE_URL: url.toString(),
    DATABASE_LISTEN_URL: '',
    SUPABASE_URL: supabaseUrl,
    SUPABASE_ANON_KEY: 'anon-key-of-a-project-that-does-not-answer',
  });
  [silentSite, unresolvableSite] = await Promise.all([
    startSite(supabase(silentUrl)),
    startSite(supabase(UNRESOLVABLE)),
  ]);
});

test.afterAll(async () => {
  await Promise.all([silentSite?.stop(), unresolvableSite?.stop()]);
  await silent?.close();
  if (databaseName) await admin?.query(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
});

/** A session cookie as supabase-js writes it for `supabaseUrl`, its token naming a key the server has never fetched. */
async function sessionCookie(supabaseUrl: string): Promise<{ name: string; value: string }> {
  const { privateKey } = await generateKeyPair('ES256');
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({
    aud: 'authenticated',
    role: 'authenticated',
    session_id: randomUUID(),
    email: 'player@example.com',
  })
    .setProtectedHeader({ alg: 'ES256', kid: randomUUID(), typ: 'JWT' })
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
  return {
    name: `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`,
    value: `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`,
  };
}

const remoteLines = (site: SiteServer) =>
  site
    .output()
    .split('\n')
    .filter((line) => line.includes('[remote] Supabase Auth'));

async function signedInPage(page: Page, site: SiteServer, supabaseUrl: string): Promise<string> {
  const cookie = await sessionCookie(supabaseUrl);
  await page.context().addCookies([{ ...cookie, url: site.origin }]);
  return `${cookie.name}=${cookie.value}`;
}

test('Supabase Auth that never answers: /dashboard says "Server error" within seconds, public answers are signed out, one log line', async ({
  page,
  request,
}) => {
  const cookieHeader = await signedInPage(page, silentSite, silentUrl);

  const started = Date.now();
  const response = await page.goto(`${silentSite.origin}/dashboard`, { waitUntil: 'commit' });
  const took = Date.now() - started;
  expect(response?.status()).toBe(503);
  expect(response?.headers()['retry-after']).toBeTruthy();
  await expect(page.getByText(SERVER_ERROR)).toBeVisible();
  expect(page.url()).toBe(`${silentSite.origin}/dashboard`);
  expect(took).toBeLessThan(REMOTE_TIMEOUT_MS.supabaseAuth + SLACK_MS);

  // Treated as signed out where nothing needs the user.
  const me = await request.get(`${silentSite.origin}/api/auth/me`, { headers: { cookie: cookieHeader } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { user: unknown }).user).toBeNull();
  // A write that needs the user: the server error, not "Auth session missing!".
  const write = await request.put(`${silentSite.origin}/api/library/1`, {
    headers: { cookie: cookieHeader },
    data: { status: 'playing' },
  });
  expect(write.status()).toBe(503);
  expect(await write.json()).toEqual({ error: { code: 'service_unavailable', message: SERVER_ERROR } });

  // A flood of signed-in requests during the incident: still the one line.
  const flood = await Promise.all(
    Array.from({ length: 10 }, () =>
      request.get(`${silentSite.origin}/dashboard`, { headers: { cookie: cookieHeader }, maxRedirects: 0 }),
    ),
  );
  for (const answer of flood) expect(answer.status()).toBe(503);
  const lines = remoteLines(silentSite);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`${REMOTE_TIMEOUT_MS.supabaseAuth} ms`);
  expect(silentSite.alive()).toBe(true);
});

test('SUPABASE_URL that does not resolve: signed out where a page allows it, the server error where it needs the user, logged once', async ({
  page,
  request,
}) => {
  const cookieHeader = await signedInPage(page, unresolvableSite, UNRESOLVABLE);
  const response = await page.goto(`${unresolvableSite.origin}/dashboard`);
  expect(response?.status()).toBe(503);
  await expect(page.getByText(SERVER_ERROR)).toBeVisible();
  for (let i = 0; i < 5; i += 1) {
    const me = await request.get(`${unresolvableSite.origin}/api/auth/me`, { headers: { cookie: cookieHeader } });
    expect(((await me.json()) as { user: unknown }).user).toBeNull();
  }
  const lines = remoteLines(unresolvableSite);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('critical-hit-e2e.invalid');
});
