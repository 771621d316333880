import { exportJWK, generateKeyPair } from 'jose';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { startNodeServers, type NodeServers } from '../helpers/node-servers.ts';

/**
 * Two built node servers on one PostgreSQL (self-hosted mode), as a deployment behind a
 * load balancer runs them: the auth rate limits are counted in the database, so a client
 * cannot double its allowance by alternating servers, and a session ended on one server
 * stops working on the other within seconds. Needs TEST_DATABASE_URL (`npm test` in CI has
 * it); no page is opened.
 */

const PORTS = [4501, 4502];
const SIGN_IN_LIMIT = 12;
const API = { 'x-supabase-api-version': '2024-01-01', 'content-type': 'application/json' };

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(!process.env.TEST_DATABASE_URL, 'needs a PostgreSQL server (TEST_DATABASE_URL)');

let deployment: NodeServers;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'two-servers' });
  deployment = await startNodeServers(PORTS, {
    AUTH_JWT_PRIVATE_KEY: key,
    AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: String(SIGN_IN_LIMIT),
  });
});
test.afterAll(async () => {
  await deployment?.stop();
});

const server = (index: number) => deployment.servers[index % deployment.servers.length]!.url;
const passwordSignIn = (index: number, email: string, password: string) =>
  fetch(`${server(index)}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: API,
    body: JSON.stringify({ email, password }),
  });
let emails = 0;
const unknownEmail = () => `nobody-${Date.now()}-${emails++}@example.com`;

test('the sign-in limits are shared: per account, then per client, whichever server answers', async () => {
  // One account (unknown here: limited exactly like a real one), attempts spread over both servers.
  const target = unknownEmail();
  const perAccount: number[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1)
    perAccount.push((await passwordSignIn(attempt, target, 'Wrong-password-1')).status);
  expect(perAccount).toEqual([400, 400, 400, 400, 400, 429]);
  const delayed = await passwordSignIn(1, target, 'Wrong-password-1');
  expect(delayed.status).toBe(429);
  expect(Number(delayed.headers.get('retry-after'))).toBeGreaterThan(0);

  // The client's own limit: the attempts above counted too (7 of 12), on either server.
  const perClient: number[] = [];
  for (let attempt = 0; attempt < SIGN_IN_LIMIT - 7 + 1; attempt += 1) {
    perClient.push((await passwordSignIn(attempt, unknownEmail(), 'Wrong-password-1')).status);
  }
  expect(perClient).toEqual([400, 400, 400, 400, 400, 429]);
  for (const index of [0, 1]) {
    const refused = await passwordSignIn(index, unknownEmail(), 'Wrong-password-1');
    expect(refused.status, `server ${server(index)}`).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('over_request_rate_limit');
  }
  // The site's own sign-in route goes through the same limit.
  const site = await fetch(`${server(1)}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'some_username', password: 'Wrong-password-1' }),
  });
  expect(site.status).toBe(429);
  expect(Number(site.headers.get('retry-after'))).toBeGreaterThan(0);
});

test('a session ended on one server is refused by the other within seconds', async () => {
  // This client used up its sign-in and sign-up allowance in the test above: start afresh.
  await clearClientLimits(deployment.databaseUrl);
  // Self-hosted without SMTP_URL sends no email: confirm the account in the database instead.
  const email = unknownEmail();
  const password = 'Str0ng-Pass!';
  const signup = await fetch(`${server(0)}/auth/v1/signup`, {
    method: 'POST',
    headers: API,
    body: JSON.stringify({ email, password }),
  });
  expect(signup.status).toBe(200);
  const db = new pg.Client({ connectionString: deployment.databaseUrl });
  await db.connect();
  await db.query('update auth.users set email_confirmed_at = now() where email = $1', [email]);
  await db.end();

  type Session = { access_token: string; refresh_token: string };
  const signIn = async () => (await (await passwordSignIn(0, email, password)).json()) as Session;
  const cookieOf = (session: Session) =>
    `sb-127-auth-token=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
  const me = async (session: Session) =>
    (
      (await (await fetch(`${server(1)}/api/auth/me`, { headers: { cookie: cookieOf(session) } })).json()) as {
        user: unknown;
      }
    ).user;
  const edit = (session: Session) =>
    fetch(`${server(1)}/api/profile`, {
      method: 'PATCH',
      headers: { cookie: cookieOf(session), 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: 'Ghost', bio: '' }),
    });
  const logout = (session: Session) =>
    fetch(`${server(0)}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { ...API, authorization: `Bearer ${session.access_token}` },
    });
  const [reader, writer] = [await signIn(), await signIn()];
  expect(await me(reader)).not.toBeNull();
  expect(await me(writer)).not.toBeNull();

  // Writes on the other server always look in the database: refused at once.
  expect((await logout(writer)).status).toBe(204);
  expect((await edit(writer)).status).toBe(401);

  // Reads there trust their memory of a session for at most a few seconds.
  const ended = Date.now();
  expect((await logout(reader)).status).toBe(204);
  await expect.poll(() => me(reader), { timeout: 10_000, intervals: [250] }).toBeNull();
  expect(Date.now() - ended).toBeLessThan(8_000);
});

async function clearClientLimits(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`delete from app_meta.auth_rate_limits where bucket = 'signInSignUps'`);
  await db.end();
}
