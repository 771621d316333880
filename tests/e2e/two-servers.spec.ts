import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { expect, test } from '@playwright/test';

/**
 * Two node servers on one PostgreSQL (a database of its own on TEST_DATABASE_URL, the
 * built site started twice with scripts/start.ts): a purge on one is seen on the other.
 * The purge comes from the embargo job, run on server A through its cron route, after
 * time moved in the database; server B had the page cached and must drop it.
 */

const SECRET = 'two-servers-cron-secret';
const MARKER = 'Two-server purge check';
const serverUrl = process.env.TEST_DATABASE_URL;

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.skip(!serverUrl, 'TEST_DATABASE_URL is not set');

let admin: pg.Client;
let database: pg.Client;
let databaseName: string;
const servers: { url: string; process: ChildProcess }[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string, siteUrl: string, port: number): Promise<void> {
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_LISTEN_URL: '',
      SITE_URL: siteUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      CRON_SECRET: SECRET,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  servers.push({ url, process: child });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${errors}`);
        return fetch(`${url}/api/health`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 60_000 },
    )
    .toBe(200);
}

test.beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  databaseName = `critical_hit_e2e_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${databaseName}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${databaseName}`;
  const [portA, portB] = [await freePort(), await freePort()];
  // One site behind a load balancer: both servers have the same public origin.
  const site = `http://127.0.0.1:${portA}`;
  await startServer(url.toString(), site, portA); // applies the migrations
  await startServer(url.toString(), site, portB);

  database = new pg.Client({ connectionString: url.toString() });
  await database.connect();
  await database.query(`
    insert into public.games (slug, title, release_date) values ('purge-test-game', 'Purge Test Game', current_date - 30);
    insert into public.outlets (slug, name, score_scale) values ('purge-test-outlet', 'Purge Test Outlet', 'hundred');
    insert into public.critic_reviews (game_id, outlet_id, raw_score, verdict, excerpt, published_at)
    select g.id, o.id, '88', 'Embargoed until tomorrow.', '${MARKER}: out once the embargo lifts.', now() + interval '1 day'
    from public.games g, public.outlets o where g.slug = 'purge-test-game' and o.slug = 'purge-test-outlet';
  `);
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(
      ({ process: child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await database?.end();
  if (databaseName) await admin?.query(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
});

test('a purge on one server empties the cached page on the other', async ({ request }) => {
  const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]];
  const page = '/games/purge-test-game/reviews';
  for (const server of [a, b]) {
    const first = await request.get(`${server.url}${page}`);
    expect(first.status()).toBe(200);
    expect(await first.text()).not.toContain(MARKER);
    const again = await request.get(`${server.url}${page}`);
    expect(again.headers()['x-astro-cache'], server.url).toBe('HIT');
  }

  // Time passes in the database: the embargo lifts, and nothing has counted the review yet.
  await database.query(`
    begin;
    set local session_replication_role = replica;
    update public.critic_reviews set published_at = now() - interval '1 minute' where excerpt like '${MARKER}%';
    commit;
  `);
  const stale = await request.get(`${b.url}${page}`);
  expect(stale.headers()['x-astro-cache']).toBe('HIT');
  expect(await stale.text()).not.toContain(MARKER);

  const job = await request.get(`${a.url}/api/cron/release-critic-embargoes`, {
    headers: { authorization: `Bearer ${SECRET}` },
  });
  expect(job.status()).toBe(200);
  expect(await job.json()).toEqual({ job: 'release-critic-embargoes', status: 'ran', result: { released: 1 } });

  const fresh = await request.get(`${a.url}${page}`);
  expect(fresh.headers()['x-astro-cache']).toBe('MISS');
  expect(await fresh.text()).toContain(MARKER);
  // Server B hears the purge through NOTIFY: its next answer is a fresh render with the review.
  await expect
    .poll(async () => {
      const response = await request.get(`${b.url}${page}`);
      return `${response.headers()['x-astro-cache']} ${(await response.text()).includes(MARKER)}`;
    })
    .toBe('MISS true');
  expect((await request.get(`${b.url}${page}`)).headers()['x-astro-cache']).toBe('HIT');
});
