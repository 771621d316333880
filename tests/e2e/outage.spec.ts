import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { expect, test } from './fixtures.ts';
import { createCluster, type Cluster } from './postgres-cluster.ts';
import { startSite, type SiteServer } from './servers.ts';

// A database failure never kills the server. The built site runs on a PostgreSQL cluster of
// this test's own, under concurrent reads and writes; the database is stopped with
// `pg_ctl stop -m immediate` while writes are provably in flight (held on locks), then
// started again. The same process must stay up, answer 503 (JSON for the API and the auth
// service, the error page for pages) while the database is gone, leave no write half done,
// and serve normally once the database is back. No browser page: requests only.

const PASSWORD = 'Str0ng-Pass!';
const OUTAGE_MESSAGE = 'The database cannot be reached right now. Please try again in a few moments.';
const RUN = randomBytes(2).toString('hex');
const KINDS = ['page', 'cached-page', 'dashboard', 'search', 'health', 'signup', 'signin', 'profile'] as const;
type Kind = (typeof KINDS)[number];

interface Answer {
  kind: Kind;
  path: string;
  /** performance.now() when the request was sent and when its answer was complete. */
  started: number;
  ended: number;
  /** 0: no HTTP answer at all (the connection failed). */
  status: number;
  headers: Headers;
  body: string;
  /** The number the request wrote (sign-up email, profile update). */
  n?: number;
}

let cluster: Cluster | undefined;
let site: SiteServer | undefined;
let cookie = '';
let ownerId = '';
const owner = `owner_${RUN}`;

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster!.url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function call(kind: Kind, path: string, init: RequestInit = {}, n?: number): Promise<Answer> {
  const started = performance.now();
  const origin = site!.origin;
  try {
    const response = await fetch(`${origin}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { origin, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...init.headers },
    });
    const body = await response.text();
    return {
      kind,
      path,
      started,
      ended: performance.now(),
      status: response.status,
      headers: response.headers,
      body,
      ...(n === undefined ? {} : { n }),
    };
  } catch (error) {
    return {
      kind,
      path,
      started,
      ended: performance.now(),
      status: 0,
      headers: new Headers(),
      body: String(error),
      ...(n === undefined ? {} : { n }),
    };
  }
}

const signUpBody = (name: string) =>
  JSON.stringify({
    email: `${name}@example.com`,
    password: PASSWORD,
    data: { username: name, full_name: 'Outage Player', bio: '' },
  });

/** The n-th request of the mix: reads of pages and the API, and writes through the API and the auth service. */
function request(n: number): Promise<Answer> {
  const kind = KINDS[n % KINDS.length]!;
  switch (kind) {
    case 'page':
      return call(kind, `/games?q=outage-${n}`, {}, n);
    case 'cached-page':
      return call(kind, '/');
    case 'dashboard':
      return call(kind, '/dashboard', { headers: { cookie } });
    case 'search':
      return call(kind, `/api/search?q=ou${n}`);
    case 'health':
      return call(kind, '/api/health');
    case 'signup':
      return call(kind, '/auth/v1/signup', { method: 'POST', body: signUpBody(`o${RUN}_${n}`) }, n);
    case 'signin':
      return call(kind, '/api/auth/sign-in', {
        method: 'POST',
        body: JSON.stringify({ identifier: owner, password: PASSWORD }),
      });
    case 'profile':
      return call(
        kind,
        '/api/profile',
        { method: 'PATCH', headers: { cookie }, body: JSON.stringify({ full_name: `Outage ${n}`, bio: `bio ${n}` }) },
        n,
      );
  }
}

/** What each kind answers while the database is up. */
const succeeded = (answer: Answer) => answer.status === 200;
const servedFromCache = (answer: Answer) =>
  answer.status === 200 && /^(HIT|STALE)$/.test(answer.headers.get('x-astro-cache') ?? '');

/** An outage answer in the shape its caller reads. */
function expectOutageAnswer(answer: Answer): void {
  const label = `${answer.kind} ${answer.path}: ${answer.status} ${answer.body.slice(0, 200)}`;
  expect(answer.status, label).toBe(503);
  expect(answer.headers.get('retry-after'), label).toBe('30');
  if (answer.kind === 'page' || answer.kind === 'cached-page' || answer.kind === 'dashboard') {
    expect(answer.headers.get('content-type'), label).toMatch(/^text\/html/);
    expect(answer.body, label).toContain('503 - Error');
    expect(answer.body, label).toContain(OUTAGE_MESSAGE);
  } else if (answer.kind === 'signup') {
    expect(JSON.parse(answer.body), label).toEqual({ code: 'database_unavailable', message: OUTAGE_MESSAGE });
  } else {
    expect(JSON.parse(answer.body), label).toEqual({
      error: { code: 'database_unavailable', message: OUTAGE_MESSAGE },
    });
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cluster = await createCluster();
  site = await startSite({
    DATABASE_URL: cluster.url,
    // Every request of the load comes from this one address.
    AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000000',
    // The sign-ups of the load each send a confirmation email; how many fit in the run
    // depends on the machine's speed, so neither email limit may be what answers.
    AUTH_RATE_LIMIT_EMAIL_PER_CLIENT: '1000000',
    AUTH_RATE_LIMIT_EMAIL_SENT: '1000000',
  });
  // A confirmed account, signed in: the profile updates and the dashboard are its.
  const signUp = await call('signup', '/auth/v1/signup', { method: 'POST', body: signUpBody(owner) });
  expect(signUp.status, signUp.body).toBe(200);
  ownerId = (JSON.parse(signUp.body) as { id: string }).id;
  await query('update auth.users set email_confirmed_at = now() where id = $1', [ownerId]);
  const response = await fetch(`${site.origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin: site.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: owner, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
});

test.afterAll(async () => {
  // The database first: a request still waiting on it would hold the server's shutdown.
  await cluster?.destroy();
  await site?.stop();
});

test('a database stopped under load: the server stays up, answers 503, loses no write halfway, and recovers', async () => {
  test.setTimeout(180_000);
  const poll = (predicate: () => boolean | Promise<boolean>, message: string) =>
    expect.poll(predicate, { message, timeout: 60_000, intervals: [50, 100, 250] }).toBe(true);
  const answers: Answer[] = [];
  const countOf = (kind: Kind, filter: (answer: Answer) => boolean) =>
    answers.filter((a) => a.kind === kind && filter(a)).length;

  // Four clients, each sending the next request of the mix as soon as its last one is answered.
  let counter = 0;
  let running = true;
  const clients = Array.from({ length: 4 }, async () => {
    while (running) answers.push(await request(counter++));
  });

  // 1. Database up: every kind of request succeeds.
  await poll(
    () => KINDS.every((kind) => countOf(kind, succeeded) >= 2),
    'every kind of request succeeds before the outage',
  );

  // 2. Writes provably in flight when the database goes: a profile update waits on a row
  //    lock, and a sign-up waits inside its transaction (the user row inserted, its identity
  //    not yet) on a table lock, both held by this test's own connection.
  const locker = new pg.Client({ connectionString: cluster!.url });
  locker.on('error', () => undefined); // it dies with the database too
  await locker.connect();
  await locker.query('begin');
  await locker.query('select 1 from public.profiles where id = $1 for update', [ownerId]);
  await locker.query('lock table auth.identities in share mode');
  const blockedSignupName = `o${RUN}_blocked`;
  const blockedPatch = call('profile', '/api/profile', {
    method: 'PATCH',
    headers: { cookie },
    body: JSON.stringify({ full_name: 'Blocked write', bio: 'blocked' }),
  });
  const blockedSignup = call('signup', '/auth/v1/signup', { method: 'POST', body: signUpBody(blockedSignupName) });
  await poll(async () => {
    // (From another connection: inside the locker's transaction the view is one snapshot.)
    const waiting = await query<{ query: string }>("select query from pg_stat_activity where wait_event_type = 'Lock'");
    // Quotes dropped: the query builder quotes every identifier, hand-written SQL need not.
    const statements = waiting.map((row) => row.query.toLowerCase().replaceAll('"', ''));
    return (
      statements.some((s) => s.includes('update profiles')) &&
      statements.some((s) => s.includes('insert into auth.identities'))
    );
  }, 'a profile update and a sign-up are waiting inside the database');

  // 3. The database stops at once: every backend is killed mid-statement.
  const stopBegun = performance.now();
  await cluster!.stopImmediately();
  const stopped = performance.now();

  const [patchAnswer, signupAnswer] = await Promise.all([blockedPatch, blockedSignup]);
  expectOutageAnswer(patchAnswer);
  expectOutageAnswer(signupAnswer);
  await poll(
    () => KINDS.every((kind) => countOf(kind, (a) => a.started >= stopped) >= 3),
    'every kind of request is answered during the outage',
  );
  expect(site!.alive(), site!.output()).toBe(true);

  // 4. The database comes back; the same process serves normally again.
  const startBegun = performance.now();
  await cluster!.start();
  await poll(async () => (await fetch(`${site!.origin}/api/health`)).status === 200, 'health is 200 again');
  const healthy = performance.now();
  await poll(
    () => KINDS.every((kind) => countOf(kind, (a) => a.started >= healthy && succeeded(a)) >= 2),
    'every kind of request succeeds after the outage',
  );
  running = false;
  await Promise.all(clients);

  expect(site!.alive(), site!.output()).toBe(true);
  expect(site!.output()).not.toMatch(/RewriteWithBodyUsed|Unhandled|uncaught/i);

  // Never a dropped connection, never a 500: only answers that worked, or 503s.
  const broken = answers.filter((a) => !succeeded(a) && a.status !== 503);
  expect(broken.map((a) => `${a.kind} ${a.path}: ${a.status} ${a.body.slice(0, 300)}`)).toEqual([]);

  // While the database was down, every answer was a 503 in its caller's shape (a page the
  // route cache had kept may still be served: that is what the cache is for).
  const duringOutage = answers.filter((a) => a.started >= stopped && a.ended <= startBegun);
  expect(duringOutage.length).toBeGreaterThanOrEqual(KINDS.length * 3);
  for (const answer of duringOutage)
    if (!(answer.kind === 'cached-page' && servedFromCache(answer))) expectOutageAnswer(answer);
  // Requests in flight while it stopped: done, or a 503 (checked above).
  expect(answers.filter((a) => a.started < stopped && a.ended > stopBegun).length).toBeGreaterThan(0);
  // Once healthy again, everything works.
  const afterwards = answers.filter((a) => a.started >= healthy);
  expect(afterwards.filter((a) => !succeeded(a)).map((a) => `${a.kind} ${a.status}`)).toEqual([]);

  // No write is half done: every user has its identity and its profile; every acknowledged
  // sign-up is stored; the sign-up killed mid-transaction left nothing; the profile is the
  // whole of one update (name and bio from the same request), never the killed one.
  const orphans = await query(`
    select u.email from auth.users u
    where not exists (select 1 from auth.identities i where i.user_id = u.id)
       or not exists (select 1 from public.profiles p where p.id = u.id)`);
  expect(orphans).toEqual([]);
  const stored = new Set((await query<{ email: string }>('select email from auth.users')).map((row) => row.email));
  const acknowledged = answers
    .filter((a) => a.kind === 'signup' && a.status === 200 && a.n !== undefined)
    .map((a) => `o${RUN}_${a.n}@example.com`);
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  expect(stored.has(`${blockedSignupName}@example.com`)).toBe(false);
  const [profile] = await query<{ full_name: string; bio: string }>(
    'select full_name, bio from public.profiles where id = $1',
    [ownerId],
  );
  const written = /^Outage (\d+)$/.exec(profile!.full_name)?.[1];
  expect(written, JSON.stringify(profile)).toBeDefined();
  expect(profile!.bio).toBe(`bio ${written}`);
  // The last writes were made after the recovery, and all of them were acknowledged.
  const recovered = afterwards.filter((a) => a.kind === 'profile').map((a) => String(a.n));
  expect(recovered).toContain(written);
});
