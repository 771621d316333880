import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { nginxBinary, startSiteNginx, type RunningNginx } from '../../scripts/nginx-site.ts';
import { freePort, startSite, type SiteServer } from './servers.ts';

/**
 * The production setup of docs/deploy.md: Debian's nginx with deploy/nginx/critical-hit.conf
 * (rendered for plain HTTP and local ports, nothing else changed) in front of two built node
 * servers on one PostgreSQL database. nginx keys pages as the route cache does, and a purge
 * (the embargo job, run through nginx's own front door) shows through nginx within the
 * configuration's freshness window of 5 s plus one render.
 */

const SECRET = 'nginx-cron-secret';
const MARKER = 'Through-nginx purge check';
const PAGE = '/games/nginx-purge-game/reviews';
/** proxy_cache_valid in critical-hit.conf, plus one render of the page on a busy machine. */
const PURGE_BOUND_MS = 5_000 + 3_000;
/** The sign-in allowance per visitor address the servers get here. */
const SIGN_INS = 3;
const serverUrl = process.env.TEST_DATABASE_URL;
const nginx = nginxBinary();

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.skip(!nginx, 'nginx is not installed (/usr/sbin/nginx): apt-get install nginx (.ci/run does)');
test.skip(!serverUrl, 'TEST_DATABASE_URL is not set (two node servers need one PostgreSQL)');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding), body decoded. */
function get(origin: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathAndQuery}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const plain = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: plain.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
let admin: pg.Client;
let database: pg.Client;
let databaseName: string;
let servers: SiteServer[] = [];
let front: RunningNginx | undefined;
let nginxDir: string;

test.beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  databaseName = `critical_hit_nginx_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${databaseName}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  // As docs/deploy.md sets them: nginx is the trusted proxy; a small sign-in allowance to test.
  const env = {
    DATABASE_URL: url.toString(),
    DATABASE_LISTEN_URL: '',
    CRON_SECRET: SECRET,
    TRUSTED_PROXIES: '127.0.0.1,::1',
    AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: String(SIGN_INS),
  };
  servers.push(await startSite(env)); // applies the migrations
  servers.push(await startSite(env));

  nginxDir = mkdtempSync(path.join(os.tmpdir(), 'critical-hit-nginx-'));
  const listen = `127.0.0.1:${await freePort()}`;
  front = await startSiteNginx({
    listen,
    upstreams: servers.map((server) => new URL(server.origin).host),
    root: path.resolve('dist/client'),
    dir: nginxDir,
  });

  database = new pg.Client({ connectionString: url.toString() });
  await database.connect();
  await database.query(`
    insert into public.games (slug, title, release_date) values ('nginx-purge-game', 'Nginx Purge Game', current_date - 30);
    insert into public.outlets (slug, name, score_scale) values ('nginx-purge-outlet', 'Nginx Purge Outlet', 'hundred');
    insert into public.critic_reviews (game_id, outlet_id, raw_score, verdict, excerpt, published_at)
    select g.id, o.id, '88', 'Embargoed until tomorrow.', '${MARKER}: out once the embargo lifts.', now() + interval '1 day'
    from public.games g, public.outlets o where g.slug = 'nginx-purge-game' and o.slug = 'nginx-purge-outlet';
  `);
});

test.afterAll(async () => {
  await front?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  await database?.end();
  if (databaseName) await admin?.query(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
  if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
});

test('nginx keeps public pages under the route cache key, one entry per encoding', async () => {
  const origin = front!.origin;
  const first = await get(origin, PAGE, BROWSER);
  expect(
    first.status,
    servers
      .map((server) => server.output())
      .join('\n')
      .slice(-3000),
  ).toBe(200);
  expect(first.headers['content-encoding']).toBe('br');
  expect(first.headers['x-cache-status']).toBe('MISS');
  expect(first.text).toContain('Nginx Purge Game');
  // Parameters the route does not read share the entry; one it reads makes its own.
  expect((await get(origin, `${PAGE}?utm_source=mail&cb=7`, BROWSER)).headers['x-cache-status']).toBe('HIT');
  // Cached pages are the same for everyone (the app reads no session there): a session cookie shares the entry.
  const signedIn = await get(origin, PAGE, { ...BROWSER, cookie: 'sb-127-auth-token=base64-e30' });
  expect([signedIn.headers['x-cache-status'], signedIn.text]).toEqual(['HIT', first.text]);
  expect((await get(origin, `${PAGE}?sort=oldest`, BROWSER)).headers['x-cache-status']).toBe('MISS');
  // A name nginx could read differently from the app is never folded into another entry.
  expect((await get(origin, `${PAGE}?SORT=oldest`, BROWSER)).headers['x-cache-status']).toBe('MISS');

  // The gzip variant is an entry of its own, and so is the plain one: each is what it says.
  const gzip = await get(origin, PAGE, { 'accept-encoding': 'gzip' });
  expect([gzip.headers['content-encoding'], gzip.headers['x-cache-status']]).toEqual(['gzip', 'MISS']);
  const plain = await get(origin, PAGE);
  expect([plain.headers['content-encoding'], plain.headers['x-cache-status']]).toEqual([undefined, 'MISS']);
  expect((await get(origin, PAGE, { 'accept-encoding': 'gzip;q=1, br;q=0' })).headers['content-encoding']).toBe('gzip');
  expect(plain.text).toBe(first.text);

  // Routes the route cache does not keep, nginx does not keep either.
  for (const path of ['/login', '/api/health', '/favicon.svg']) {
    await get(origin, path);
    expect((await get(origin, path)).headers['x-cache-status'], path).toBe('BYPASS');
  }
});

test('build assets come from nginx with their precompressed copies', async () => {
  const home = await get(front!.origin, '/');
  const asset = /\/_astro\/[^"']+\.js/.exec(home.text)?.[0];
  expect(asset, 'the home page names a script under /_astro/').toBeTruthy();
  const answer = await get(front!.origin, asset!, { 'accept-encoding': 'gzip' });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-encoding']).toBe('gzip');
  expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(answer.headers.server).toMatch(/^nginx/);
  expect(answer.headers['x-cache-status']).toBeUndefined();
});

test('a purge shows through nginx within the freshness window', async () => {
  const origin = front!.origin;
  await get(origin, PAGE, BROWSER);
  const cached = await get(origin, PAGE, BROWSER);
  expect(cached.headers['x-cache-status']).toMatch(/^(HIT|REVALIDATED)$/);
  expect(cached.text).not.toContain(MARKER);

  // Time passes in the database: the embargo lifts, and nothing has counted the review yet.
  await database.query(`
    begin;
    set local session_replication_role = replica;
    update public.critic_reviews set published_at = now() - interval '1 minute' where excerpt like '${MARKER}%';
    commit;
  `);
  // The job runs on whichever server nginx picks; its purge reaches both through PostgreSQL.
  const job = await new Promise<Answer>((resolve, reject) => {
    http
      .get(`${origin}/api/cron/release-critic-embargoes`, { headers: { authorization: `Bearer ${SECRET}` } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      })
      .on('error', reject);
  });
  expect(job.status).toBe(200);
  expect(JSON.parse(job.text)).toMatchObject({ status: 'ran', result: { released: 1 } });
  const purgedAt = Date.now();

  await expect
    .poll(async () => (await get(origin, PAGE, BROWSER)).text.includes(MARKER), {
      timeout: PURGE_BOUND_MS,
      intervals: [250],
    })
    .toBe(true);
  const seenAfter = Date.now() - purgedAt;
  test.info().annotations.push({ type: 'purge visible through nginx after', description: `${seenAfter} ms` });
  // Settled: every later answer has the review, from nginx's refreshed entry.
  const after = await get(origin, PAGE, BROWSER);
  expect(after.text).toContain(MARKER);
});

/** A failed sign-in through nginx from a loopback address of our choosing (nginx sees it as the visitor). */
function signIn(origin: string, from: string): Promise<{ status: number; code: string }> {
  const body = JSON.stringify({
    email: `nobody-${randomBytes(4).toString('hex')}@example.com`,
    password: 'wrong-password',
  });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}/auth/v1/token?grant_type=password`,
      {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            code: String((JSON.parse(text) as { error_code?: string; code?: string }).error_code ?? ''),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

test('behind nginx, the auth limits count each visitor, not nginx', async () => {
  const origin = front!.origin;
  const visitor = '127.0.0.2';
  for (let attempt = 0; attempt < SIGN_INS; attempt += 1)
    expect(await signIn(origin, visitor)).toEqual({ status: 400, code: 'invalid_credentials' });
  expect(await signIn(origin, visitor)).toEqual({ status: 429, code: 'over_request_rate_limit' });
  // Another visitor, through the same nginx (and whichever server it picks), has an allowance of its own.
  expect(await signIn(origin, '127.0.0.3')).toEqual({ status: 400, code: 'invalid_credentials' });
});
