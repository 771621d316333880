// `npm run bench`: the speed budget, measured as users get it.
//   1. builds the site;
//   2. generates the bench database in .data/bench (100 000 games, 1 000 000 critic reviews and
//      the synthetic community: players, statuses, lists, user reviews, XP ledger, follows),
//      printing how long each part took; reused later while the parameters and generators are
//      the same (--fresh regenerates), with migrations added since applied on top as a
//      deployed site gets them (migrations backfill what they add);
//   3. lets two players sign in and makes one of them owner of the outlet everyone follows
//      (scripts/bench/prepare.ts), then starts the node server on 127.0.0.1:BENCH_PORT (4611);
//   4. loads every public page type and the signed-in dashboard with autocannon, with the
//      browser's `Accept-Encoding: br, gzip` and without, uncached and cached, beside a static
//      file of the same bytes served by the same server and by nginx when installed, and the
//      cached game page through nginx in front of the server (deploy/nginx/critical-hit.conf);
//   5. times the writes over HTTP (status, reorder, review, helpful vote, publishing to the
//      outlet with 100 000 followers with live delivery to 1000 realtime sockets), then XP
//      awards and the uncached leaderboard query on the database once the server has stopped;
//   6. times the long requests (a 3 MB library file's preview and import, exports, the admin's
//      catalogue import, rebuilds and backup) while other players load uncached pages
//      (scripts/bench/long-work.ts);
//   7. writes docs/performance.md (scripts/bench-report.ts) with every figure beside its target.
// --only long-work runs step 6 alone (on the same data set) and prints its figures without
// writing docs/performance.md.
// --database embedded | postgres | both (the default): where it runs. PostgreSQL is DATABASE_URL
// when set (its catalogue and community are replaced by the data set) or a PostgreSQL 15 server
// the bench starts itself (scripts/bench/postgres.ts); each database has its own data set and
// its own section of docs/performance.md, so a run on one keeps the other's figures.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { BENCH_COMMUNITY_LISTS } from '../src/lib/seed/synthetic/community/lists.server.ts';
import {
  consoleReport,
  performanceRecord,
  type FigureRow,
  type PageRow,
  type PerformanceRun,
  type RatioRow,
} from './bench-report.ts';
import { fetchHeaders, load, loadInTurns, turnSeconds, type LoadResult } from './bench/load.ts';
import { startNginx, startNginxInFront, type Nginx } from './bench/nginx.ts';
import { BENCH_PASSWORD, type BenchPlan } from './bench/plan.ts';
import { settle } from './bench/settle.ts';
import {
  describeBenchPostgres,
  postgresInstalled,
  prewarmBenchPostgres,
  startBenchPostgres,
  type BenchPostgres,
} from './bench/postgres.ts';
import { atLeast, atMost, summarise, type Target } from './bench/stats.ts';
import { Client, measureDelivery, timeWrites } from './bench/writes.ts';
import { benchLongWork } from './bench/long-work.ts';
import { ALL_LISTENING } from '../server/node-servers.ts';

const { values } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    database: { type: 'string', default: 'both' },
    games: { type: 'string', default: '100000' },
    only: { type: 'string', default: 'all' },
  },
});
if (!['all', 'long-work'].includes(values.only)) throw new Error('--only is all or long-work');
const everything = values.only === 'all';
if (!['embedded', 'postgres', 'both'].includes(values.database))
  throw new Error('--database is embedded, postgres or both');
// `--games N` runs the same bench on a smaller catalogue (N games, N players) in its own
// directory, for development; the budget's figures are those of the default scale.
const GAMES = Number(values.games);
if (!Number.isInteger(GAMES) || GAMES < 2_000) throw new Error('--games must be a whole number of at least 2000');
if (values.database === 'both') {
  // One process per database, one after the other: each writes its own section of the report.
  const databases = postgresInstalled() || process.env.DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
  if (databases.length === 1)
    console.log('== PostgreSQL 15 is not installed and DATABASE_URL is not set: the embedded database only');
  for (const database of databases) {
    const args = [
      'scripts/bench.ts',
      '--database',
      database,
      '--seconds',
      values.seconds,
      '--games',
      values.games,
      '--only',
      values.only,
      ...(values.fresh ? ['--fresh'] : []),
    ];
    const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  process.exit(0);
}
const onPostgres = values.database === 'postgres';
/** Given by the caller, else the bench starts a PostgreSQL 15 of its own. */
const givenUrl = onPostgres ? process.env.DATABASE_URL : undefined;
// The embedded run must not follow a DATABASE_URL of the environment.
if (!onPostgres) delete process.env.DATABASE_URL;
const REVIEWS_PER_GAME = 10;
const USERS = GAMES;
/** Bumped when a generator changes what it writes, so an older bench database is not reused. */
const GENERATORS = 'community-3';
/** Migrations are not in the fingerprint: the server's start applies new ones to a reused data set. */
const DIR = `${onPostgres ? '.data/bench-pg' : '.data/bench'}${GAMES === 100_000 ? '' : `-${GAMES}`}`;
const MARKER = givenUrl ? '.data/bench-url.json' : `${DIR}.json`;
const PORT = Number(process.env.BENCH_PORT) || 4611;
/** Requests a second each probe beside the 32-connection row sends (see whileDatabaseBusy). */
const PROBE_RATE = 20;
const PG_PORT = PORT + 2000;
const HOST = '127.0.0.1';
const ORIGIN = `http://${HOST}:${PORT}`;
const SECONDS = Number(values.seconds);
/** The static file the pages are compared with: a game page's bytes, served as the build's files are. */
const STATIC_URL = '/bench-static.txt';
const STATIC_FILE = `dist/client${STATIC_URL}`;
const node = process.execPath;

function run(command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  return result.stdout;
}
const tagged = (output: string, tag: string): unknown =>
  JSON.parse(
    output
      .split('\n')
      .find((line) => line.startsWith(`${tag} `))!
      .slice(tag.length + 1),
  );

console.log('== build');
run('npm', ['run', 'build', '--silent']);

const fingerprint = createHash('sha256')
  .update(JSON.stringify({ GAMES, REVIEWS_PER_GAME, USERS, GENERATORS, database: givenUrl ?? values.database }))
  .digest('hex');
/** Seconds per part of generating, as scripts/db.ts prints them. */
interface GeneratedParts {
  catalogue: number;
  players: number;
  userReviews: number;
  lists: number;
  xp: number;
}
// The marker keeps the fingerprint and how long generating took, so a reused data set still reports it.
function readMarker(): { fingerprint?: string; seconds?: number; parts?: GeneratedParts } {
  try {
    return JSON.parse(readFileSync(MARKER, 'utf8')) as {
      fingerprint?: string;
      seconds?: number;
      parts?: GeneratedParts;
    };
  } catch {
    return {}; // none yet, or an older format: generate again
  }
}
const marker = readMarker();
let generatedSeconds: number;
let parts: GeneratedParts | undefined;
let reused = false;
const reusable =
  !values.fresh &&
  (givenUrl !== undefined || existsSync(DIR)) &&
  marker.fingerprint === fingerprint &&
  typeof marker.seconds === 'number';
let postgres: BenchPostgres | null = null;
if (onPostgres && !givenUrl) {
  if (!reusable) rmSync(DIR, { recursive: true, force: true });
  postgres = startBenchPostgres(DIR, PG_PORT, !reusable);
  console.log(`== PostgreSQL ${postgres.version} on 127.0.0.1:${PG_PORT} (${DIR})`);
}
process.on('exit', () => postgres?.stop());
/** Where the children (generator, prepare, server, XP) find the database. */
const databaseEnv: Record<string, string> = onPostgres
  ? { DATABASE_URL: givenUrl ?? postgres!.url, SITE_URL: ORIGIN }
  : { PGLITE_DIR: DIR };
if (reusable) {
  generatedSeconds = marker.seconds ?? 0;
  parts = marker.parts;
  reused = true;
  console.log(`== data: reusing ${DIR}, generated in ${generatedSeconds.toFixed(1)} s (--fresh regenerates)`);
} else {
  console.log(
    `== data: generating ${GAMES} games, ${GAMES * REVIEWS_PER_GAME} critic reviews and ${USERS} players with their activity into ${DIR}`,
  );
  if (!onPostgres) rmSync(DIR, { recursive: true, force: true });
  rmSync(MARKER, { force: true });
  const started = performance.now();
  const output = run(
    node,
    [
      'scripts/db.ts',
      'generate',
      '--games',
      String(GAMES),
      '--reviews-per-game',
      String(REVIEWS_PER_GAME),
      '--users',
      String(USERS),
    ],
    databaseEnv,
  );
  process.stdout.write(output);
  generatedSeconds = (performance.now() - started) / 1000;
  parts = tagged(output, 'GENERATED_PARTS') as GeneratedParts;
  console.log(`   generated in ${generatedSeconds.toFixed(1)} s`);
  writeFileSync(MARKER, JSON.stringify({ fingerprint, seconds: generatedSeconds, parts }));
}
// Durable commits for the measurements (the data set was loaded with fsync off).
postgres?.durable();

console.log('== prepare: bench players and the outlet everyone follows');
const plan = tagged(run(node, ['scripts/bench/prepare.ts'], databaseEnv), 'BENCH_PLAN') as BenchPlan;
if (postgres) {
  const started = performance.now();
  const bytes = await prewarmBenchPostgres(postgres.url);
  console.log(
    `== PostgreSQL buffers: the data set read in (${(bytes / 2 ** 30).toFixed(1)} GiB, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

console.log(`== server on ${ORIGIN}`);
// On PostgreSQL the site runs one node server per core, as docs/deploy.md has a production
// machine run it (WEB_CONCURRENCY); the embedded database lives in one process.
const NODE_SERVERS = onPostgres ? Number(process.env.WEB_CONCURRENCY) || os.availableParallelism() : 1;
let serversListening = false;
const startServer = () => {
  serversListening = NODE_SERVERS === 1;
  const child = spawn(node, ['scripts/start.ts'], {
    // A thousand sign-ins (the realtime sockets) from one address: the bench lifts that limit only.
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST,
      ...databaseEnv,
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
      WEB_CONCURRENCY: String(NODE_SERVERS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Several servers share the port as each starts: the loads wait until all of them listen.
  child.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes(ALL_LISTENING)) serversListening = true;
  });
  return child;
};
let server = startServer();
let nginx: Nginx | null = null;
let nginxFront: Nginx | null = null;
const stopAll = () => {
  if (server.exitCode === null && server.pid) process.kill(server.pid, 'SIGTERM');
  nginx?.stop();
  nginxFront?.stop();
};
process.on('exit', stopAll);

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).status === 200 && serversListening) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

const pages: PageRow[] = [];
const figures: FigureRow[] = [];
const ratios: RatioRow[] = [];
const notes: string[] = [];
const staticDir = mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
try {
  await waitForServer();
  const text = async (url: string, headers: Record<string, string> = {}) =>
    (await fetch(ORIGIN + url, { headers })).text();
  const slugs: string[] = [];
  // Up to 50 000 URLs the sitemap is one file; above that an index of games-N files.
  const sitemaps = GAMES > 50_000 ? ['/sitemaps/games-1.xml', '/sitemaps/games-2.xml'] : ['/sitemap.xml'];
  for (const file of sitemaps)
    for (const match of (await text(file)).matchAll(/\/games\/([a-z0-9-]+)<\/loc>/g)) slugs.push(match[1]!);
  if (slugs.length < Math.min(50_000, GAMES / 2))
    throw new Error(`expected ${GAMES} games in the sitemaps, found ${slugs.length}`);

  // The static file: a game page's own bytes (same size, same compressibility), from the same server and from nginx.
  const gamePage = Buffer.from(
    await (await fetch(`${ORIGIN}/games/${slugs[1]}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
  );
  writeFileSync(path.join(staticDir, 'bench-static.html'), gamePage);
  // The node server's copy with its brotli and gzip files beside it, as the build writes them
  // for every static file; the server lists its static files when it starts, so it starts
  // again to serve this one as it serves the build's own. (An .html file would not be
  // served as a static file at all: pages are Astro's.)
  writeFileSync(STATIC_FILE, gamePage);
  writeFileSync(
    `${STATIC_FILE}.br`,
    brotliCompressSync(gamePage, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
  );
  writeFileSync(`${STATIC_FILE}.gz`, gzipSync(gamePage, { level: zlibConstants.Z_BEST_COMPRESSION }));
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    process.kill(server.pid!, 'SIGTERM');
  });
  server = startServer();
  await waitForServer();
  try {
    nginx = await startNginx(staticDir, PORT + 1);
    if (!nginx) notes.push('nginx: not installed (`which nginx` found none), so there is no nginx row.');
  } catch (error) {
    notes.push(`nginx: ${(error as Error).message}, so there is no nginx row.`);
  }
  try {
    nginxFront = await startNginxInFront(staticDir, PORT + 2, `${HOST}:${PORT}`);
  } catch (error) {
    notes.push(`nginx in front: ${(error as Error).message}, so there is no row for it.`);
  }

  const heavy = new Client(ORIGIN);
  await heavy.signIn(plan.heavy.email, BENCH_PASSWORD);
  const voter = new Client(ORIGIN);
  await voter.signIn(plan.voter.email, BENCH_PASSWORD);

  // Every uncached request takes the next URL of its kind, never one asked for before in this run.
  // A list that runs out starts again, but those requests hit the route cache: the row
  // then measures the cache, so it is reported as not measured (see measure).
  let repeated = 0;
  const cycle = (urls: string[]) => {
    let i = 0;
    return () => {
      if (i >= urls.length) repeated += 1;
      return urls[i++ % urls.length]!;
    };
  };
  let slugCursor = 0;
  const nextSlug = () => slugs[(slugCursor++ * 7919) % slugs.length]!;
  const words = [
    'crimson',
    'neon od',
    'lantern',
    'silent harb',
    'crimsn odysey',
    'golden kingdm',
    'paper',
    'synthetic outlet 01',
    'iron frontier',
    'tactics',
  ];
  let counter = 0;
  const letters = (n: number): string =>
    n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26) - 1) + letters(n % 26);
  const statuses = ['playing', 'played', 'completed', 'backlog', 'shelved', 'abandoned'];
  // The synthetic catalogue has a few dozen outlets with thousands of reviews each: their first
  // 80 pages, outlet by outlet, give a row of either encoding URLs it has not asked for yet.
  const outletPages = Array.from({ length: 80 }, (_, i) => i + 1).flatMap((page) =>
    plan.outletSlugs.map((slug) => (page === 1 ? `/outlet/${slug}` : `/outlet/${slug}?page=${page}`)),
  );
  const reviewPages = [
    ...plan.reviewedGameSlugs.map((slug) => `/games/${slug}/user-reviews`),
    ...plan.reviewedGameSlugs.map((slug) => `/games/${slug}/user-reviews?sort=helpful`),
  ];
  const p95 = (ms: number): Target => atMost(ms);
  // PostgreSQL is the scale path: tighter targets there than on the embedded database.
  const gameTarget = p95(onPostgres ? 10 : 25);
  const communityTarget = p95(onPostgres ? 15 : 25);
  // /lists pages stop at 100 per sort: after the 200 unfiltered pages, the first two pages of
  // a title search for "list 100" to "list 999" (about 57 lists each, through the title
  // index), so no URL comes twice. (Searches matching thousands of lists, "list 12", take
  // 75 ms on the embedded database: docs/performance.md.)
  const titleSearches = Array.from({ length: 900 }, (_, i) => i + 100).flatMap((n) =>
    [1, 2].flatMap((page) => ['popular', 'recent'].map((sort) => `/lists?sort=${sort}&page=${page}&q=list+${n}`)),
  );
  const discoverPages = [
    ...Array.from({ length: 200 }, (_, i) => `/lists?sort=${i % 2 ? 'recent' : 'popular'}&page=${1 + (i >> 1)}`),
    ...titleSearches,
  ];
  const userListsPaths = plan.profilePaths.map((profile) => `${profile}/lists`);

  interface PageKind {
    page: string;
    uncached?: () => string;
    cached?: string;
    cookie?: string;
    target?: Target;
  }
  const kinds: PageKind[] = [
    { page: '/games/{slug}', uncached: () => `/games/${nextSlug()}`, cached: `/games/${slugs[1]}`, target: gameTarget },
    { page: '/lists (discover)', uncached: cycle(discoverPages), target: communityTarget },
    {
      page: '/{user}/lists',
      uncached: cycle(userListsPaths),
      cached: `/${plan.heavy.username}/lists`,
      target: communityTarget,
    },
    {
      page: '/{user}/lists/{list}',
      uncached: cycle(plan.listPaths),
      cached: plan.longList.path,
      target: communityTarget,
    },
    {
      page: '/dashboard/games/{status} (2000 games)',
      uncached: () => `/dashboard/games/${statuses[counter++ % statuses.length]}`,
      cookie: heavy.cookie,
      target: communityTarget,
    },
    {
      page: '/games/{slug}/user-reviews',
      uncached: cycle(reviewPages),
      cached: reviewPages[0],
      target: communityTarget,
    },
    { page: '/{user} (profile)', uncached: cycle(plan.profilePaths), target: communityTarget },
    { page: '/leaderboard', cached: '/leaderboard' },
    {
      page: '/outlet/{slug}',
      uncached: cycle(outletPages),
      cached: `/outlet/${plan.outlet.slug}`,
      target: communityTarget,
    },
    {
      page: '/api/search?q=',
      uncached: () => `/api/search?q=${encodeURIComponent(`${words[counter % words.length]!}${letters(++counter)}`)}`,
      cached: '/api/search?q=crimson',
      target: p95(10),
    },
  ];

  // A server measured as it runs once it has served a while, not just started. The kinds whose
  // URLs never run out (any game, any search) read 2000 first, four at a time: the catalogue's
  // pages are then in the database's memory as they would be, the pooled connections four
  // requests at a time use have prepared their statements, and V8 has compiled the render
  // path. Fewer were not enough: after a restart of the node server alone, successive runs of
  // 600 uncached game pages on PostgreSQL had p95 12.1, 10.1, 7.8 and 8.1 ms. The others read
  // 20. Half the workers ask as a browser does and half with no coding, as the rows will;
  // warming only one would leave the first block of rows, whichever coding it measures, to
  // warm the other (run V in docs/performance.md).
  console.log('== warm-up');
  const unbounded = new Set(['/games/{slug}', '/api/search?q=']);
  for (const kind of kinds) {
    if (!kind.uncached) continue;
    const next = kind.uncached;
    let left = unbounded.has(kind.page) ? 2000 : 20;
    const worker = async (_: unknown, index: number) => {
      const headers = fetchHeaders(index % 2 === 0, kind.cookie);
      while (left-- > 0) await fetch(ORIGIN + next(), { headers }).then((r) => r.arrayBuffer());
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }

  // Each row starts once the server has finished what the previous one left in flight (settle.ts).
  let longestSettle = 0;
  const settled = async () => {
    longestSettle = Math.max(longestSettle, await settle(server.pid!));
  };
  // Rows are measured in turns: each of `rows` in order gets its share of a row's seconds in
  // every one of `turns` rounds (load.ts, loadInTurns), the server settled before each turn.
  // A row alone is one turn. Rows whose figures are divided by one another share turns, so
  // that a slow few seconds of the shared machine cannot fall on one of them only.
  const TURNS = 3;
  interface Measured {
    row: Omit<PageRow, 'result'>;
    next: () => string;
    cookie?: string | undefined;
  }
  const originOf = (page: string) =>
    page.startsWith('nginx in front')
      ? `http://${HOST}:${PORT + 2}`
      : page.startsWith('nginx')
        ? `http://${HOST}:${PORT + 1}`
        : ORIGIN;
  const measureInTurns = async (
    rows: Measured[],
    turns: number,
    alreadySettled = false,
  ): Promise<(LoadResult | null)[]> => {
    let skipSettle = alreadySettled;
    const between = async () => {
      if (skipSettle) skipSettle = false;
      else await settled();
    };
    const { encoding, connections } = rows[0]!.row;
    const label = rows.map(({ row }) => `${row.page} ${row.cache}`).join(' and ');
    process.stdout.write(
      `   ${label}${turns > 1 ? ` in ${turns} turns` : ''} ${encoding ? 'br,gzip' : 'plain'} ×${connections}… `,
    );
    try {
      const before = repeated;
      const results = await loadInTurns(
        rows.map(({ row, next, cookie }) => ({
          origin: originOf(row.page),
          next,
          connections: row.connections,
          seconds: SECONDS,
          encoding: row.encoding,
          ...(cookie ? { cookie } : {}),
        })),
        turns,
        between,
      );
      const repeats = repeated - before;
      rows.forEach(({ row, cookie }, i) => {
        const ranOut = row.cache === 'uncached' && !cookie && repeats > 0;
        pages.push({
          ...row,
          result: results[i]!,
          ...(ranOut ? { error: `ran out of uncached URLs (${repeats} asked again)` } : {}),
        });
      });
      console.log(
        results.map((result) => `p95 ${result.p95.toFixed(1)} ms, ${result.perSecond.toFixed(0)} req/s`).join('; '),
      );
      return results;
    } catch (error) {
      for (const { row } of rows) pages.push({ ...row, result: null, error: (error as Error).message });
      console.log((error as Error).message);
      return rows.map(() => null);
    }
  };
  const measure = async (row: Omit<PageRow, 'result'>, next: () => string, cookie?: string, alreadySettled = false) =>
    (await measureInTurns([{ row, next, cookie }], 1, alreadySettled))[0]!;

  // One connection each for the health check, the static file and a cached page, over the
  // same seconds as the 32-connection uncached game page row that runs beside them. Each asks
  // PROBE_RATE times a second, as a load balancer's health check or a few visitors would: a
  // probe sent as fast as it is answered is a load of its own (on PostgreSQL the three took
  // 700 answers a second from the node server, and the uncached row beside them fell from
  // about 275 to 217 pages a second), so it would measure the probes, not the waiting.
  const whileDatabaseBusy = async (encoding: boolean, cachedPath: string) => {
    await fetch(ORIGIN + cachedPath, { headers: fetchHeaders(encoding) }).then((r) => r.arrayBuffer());
    const probes: [string, PageRow['cache'], string][] = [
      ['/api/health, DB busy (32 uncached game pages)', 'uncached', '/api/health'],
      ['static file, same server, DB busy', 'static', STATIC_URL],
      ['/games/{slug}, DB busy', 'cached', cachedPath],
    ];
    const results = await Promise.all(
      probes.map(([, , url]) =>
        load({ origin: ORIGIN, next: () => url, connections: 1, seconds: SECONDS, encoding, rate: PROBE_RATE }).catch(
          (error: Error) => error,
        ),
      ),
    );
    probes.forEach(([page, cache], i) => {
      const outcome = results[i]!;
      // Not one answer in the whole row is the stall itself, not an empty success.
      const result =
        outcome instanceof Error || outcome.count > 0 ? outcome : new Error(`no answer within ${SECONDS} s`);
      const row = { page, cache, encoding, connections: 1, target: p95(50) };
      pages.push(result instanceof Error ? { ...row, result: null, error: result.message } : { ...row, result });
      console.log(
        `   ${page} ${encoding ? 'br,gzip' : 'plain'} ×1: ${result instanceof Error ? result.message : `p95 ${result.p95.toFixed(1)} ms, ${result.perSecond.toFixed(0)} req/s`}`,
      );
    });
  };

  const loadBefore = os.loadavg()[0]!;
  if (everything) {
    console.log('== pages');
    const throughput = new Map<string, number>();
    for (const encoding of [true, false]) {
      for (const connections of [1, 32]) {
        const key = (name: string) => `${name} ${encoding} ${connections}`;
        const cachedRow = async (kind: PageKind) => {
          await fetch(ORIGIN + kind.cached!, { headers: fetchHeaders(encoding) }).then((r) => r.arrayBuffer());
          return measure({ page: kind.page, cache: 'cached', encoding, connections }, () => kind.cached!);
        };
        // The cached game page and the static file it is divided by, in turns over the same
        // seconds. Two rows minutes apart, with 32 connections of uncached pages between them,
        // would measure how the shared machine was doing each minute as much as the server;
        // even one right after the other, a slow few seconds falls on one of them only.
        await fetch(ORIGIN + kinds[0]!.cached!, { headers: fetchHeaders(encoding) }).then((r) => r.arrayBuffer());
        const [local, game] = await measureInTurns(
          [
            {
              row: { page: 'static file, same server', cache: 'static', encoding, connections },
              next: () => STATIC_URL,
            },
            { row: { page: kinds[0]!.page, cache: 'cached', encoding, connections }, next: () => kinds[0]!.cached! },
          ],
          TURNS,
        );
        throughput.set(key('static'), local?.perSecond ?? 0);
        throughput.set(key('game'), game?.perSecond ?? 0);
        if (nginx) {
          const viaNginx = await measure(
            { page: 'nginx: same static file', cache: 'static', encoding, connections },
            () => '/bench-static.html',
          );
          throughput.set(key('nginx'), viaNginx?.perSecond ?? 0);
        }
        if (nginxFront) {
          // What a visitor of the self-hosted production setup gets: the page from nginx's cache (5 s fresh, then revalidated).
          const front = await measure(
            { page: 'nginx in front: cached game page', cache: 'cached', encoding, connections },
            () => `/games/${slugs[1]}`,
          );
          throughput.set(key('front'), front?.perSecond ?? 0);
        }
        // At 32 connections: the game page only (the throughput comparison and the 250 ms p95 under load).
        for (const kind of connections === 1 ? kinds : kinds.slice(0, 1)) {
          // At 32 connections: the embedded database holds p95 under 250 ms; PostgreSQL serves at least 300 pages/s.
          const loaded = onPostgres ? { throughputTarget: atLeast(300, 'req/s') } : { target: p95(250) };
          if (kind.uncached) {
            // Settled before the row and the probes beside it start together.
            await settled();
            const uncached = measure(
              {
                page: kind.page,
                cache: 'uncached',
                encoding,
                connections,
                ...(connections === 1 ? { target: kind.target } : loaded),
              },
              kind.uncached,
              kind.cookie,
              true,
            );
            // While 32 connections keep the database busy, what never needs it must not wait for it.
            if (connections === 32) await whileDatabaseBusy(encoding, kind.cached ?? STATIC_URL);
            await uncached;
          }
          if (kind.cached && kind !== kinds[0]) await cachedRow(kind);
        }
        const label = `${encoding ? 'br, gzip' : 'no Accept-Encoding'}, ${connections} conn`;
        ratios.push({
          name: `cached game page ÷ static file, same server (${label})`,
          numerator: throughput.get(key('game')) ?? null,
          denominator: throughput.get(key('static')) ?? null,
          target: encoding ? atLeast(0.8) : undefined,
        });
        ratios.push({
          name: `cached game page ÷ static file, nginx (${label})`,
          numerator: throughput.get(key('game')) ?? null,
          denominator: throughput.get(key('nginx')) ?? null,
          target: encoding ? atLeast(0.2) : undefined,
          note: nginx ? `nginx ${nginx.version}, gzip on, 1 worker` : 'nginx not installed',
        });
        ratios.push({
          name: `cached game page through nginx in front ÷ static file, nginx (${label})`,
          numerator: throughput.get(key('front')) ?? null,
          denominator: throughput.get(key('nginx')) ?? null,
          note: nginxFront ? `deploy/nginx/critical-hit.conf, 1 worker` : 'nginx not installed',
        });
      }
    }
  }
  notes.push(
    `The machine is shared: its 1-minute load average was ${loadBefore.toFixed(1)} when the page rows started and ${os.loadavg()[0]!.toFixed(1)} when they ended ` +
      `(${os.cpus().length} cores), so every figure here includes waiting for the CPU behind other work.`,
    `Each page row started once the server had finished the requests the previous row left in flight (at most ${(longestSettle / 1000).toFixed(1)} s of waiting).`,
    `The three "DB busy" rows run beside the 32-connection uncached game page row, each on one connection paced at ${PROBE_RATE} requests a second, so their req/s is the pace, not a capacity.`,
    `The static file from the same server and the cached game page it is divided by are measured in turns, ${TURNS} rounds in which each gets ${turnSeconds(SECONDS, TURNS)} s, so that both rows come from the same seconds.`,
  );
  if (everything) {
    console.log('== writes');
    const figure = (name: string, result: Awaited<ReturnType<typeof timeWrites>>, target?: Target, note?: string) => {
      figures.push({
        name,
        samples: result.count,
        p50: result.count ? result.p50 : null,
        p95: result.count ? result.p95 : null,
        target,
        note: [note, result.errors ? `${result.errors} refused: ${result.firstError}` : ''].filter(Boolean).join('; '),
      });
      console.log(
        `   ${name}: p95 ${result.p95.toFixed(1)} ms${result.errors ? ` (${result.errors} refused: ${result.firstError})` : ''}`,
      );
    };
    figure(
      'setting a status (PUT /api/library/{gameId})',
      await timeWrites(200, (i) =>
        heavy.send('PUT', `/api/library/${plan.statusGameIds[i % plan.statusGameIds.length]}`, {
          status: statuses[i % statuses.length],
        }),
      ),
      atMost(15),
    );
    figure(
      `reordering a ${plan.longList.gameIds.length}-entry list (PUT /api/lists/{id}/order)`,
      await timeWrites(30, (i) =>
        heavy.send('PUT', `/api/lists/${plan.longList.id}/order`, {
          gameIds: i % 2 === 0 ? [...plan.longList.gameIds].reverse() : plan.longList.gameIds,
        }),
      ),
      atMost(100),
    );
    figure(
      'posting a review (POST /api/user-reviews)',
      await timeWrites(100, (i) =>
        voter.send('POST', '/api/user-reviews', {
          gameId: plan.unreviewedGameIds[i],
          rating: 1 + (i % 10),
          title: `Bench review ${i}`,
          body: 'Synthetic benchmark review text.',
          finished: true,
        }),
      ),
      atMost(20),
    );
    figure(
      'a helpful vote (PUT /api/user-reviews/{id}/helpful)',
      await timeWrites(200, (i) => voter.send('PUT', `/api/user-reviews/${plan.votableReviewIds[i]}/helpful`)),
      atMost(20),
    );

    // Publishing to the outlet every player follows, with 1000 followers listening live.
    const sessions: { userId: string; accessToken: string }[] = [];
    for (const email of plan.socketEmails) {
      const response = await fetch(`${ORIGIN}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      });
      const body = (await response.json()) as { access_token?: string; user?: { id: string } };
      if (body.access_token && body.user) sessions.push({ userId: body.user.id, accessToken: body.access_token });
    }
    const draft = async (i: number) => {
      const response = await heavy.send('POST', '/api/manage-outlet/drafts', {
        outlet: plan.outlet.slug,
        game: plan.outlet.gameSlugs[i],
        kind: 'review',
        rawScore: plan.outlet.rawScore,
        recommended: plan.outlet.rawScore === null ? true : null,
        verdict: 'Synthetic benchmark verdict.',
        headline: `Bench review ${i}`,
        url: `https://example.com/bench-review-${i}`,
      });
      const body = (await response.json()) as { id?: string; message?: string };
      if (!body.id) throw new Error(`draft refused: ${response.status} ${body.message ?? ''}`);
      return body.id;
    };
    const publishes: number[] = [];
    let publishError: string | null = null;
    const publish = async (i: number) => {
      const id = await draft(i);
      const started = performance.now();
      const response = await heavy.send('POST', `/api/manage-outlet/drafts/${id}/publish`, {});
      await response.text();
      if (!response.ok) throw new Error(`publish answered ${response.status}`);
      publishes.push(performance.now() - started);
    };
    try {
      const delivery = await measureDelivery(ORIGIN, sessions, () => publish(0));
      figures.push({
        name: `live delivery of the new review to ${delivery.sockets} open realtime sockets`,
        samples: delivery.delivered,
        p50: delivery.delivered ? delivery.p50 : null,
        p95: delivery.delivered ? delivery.p95 : null,
        note: `${delivery.delivered} of ${delivery.sockets} sockets notified within 15 s (from the publish request)`,
      });
      for (let i = 1; i < 3; i += 1) await publish(i);
    } catch (error) {
      publishError = (error as Error).message;
    }
    const publishSummary = summarise(publishes);
    figures.push({
      name: `publishing a review to the outlet with ${plan.outlet.followers.toLocaleString('en-US')} followers`,
      samples: publishSummary.count,
      p50: publishSummary.count ? publishSummary.p50 : null,
      p95: publishSummary.count ? publishSummary.p95 : null,
      target: atMost(2, 's'),
      note: publishError
        ? `failed: ${publishError}`
        : 'time to complete: the publish request (followers are told on read, those listening at once: see the delivery row)',
    });
  }

  console.log('== long work: imports, exports, rebuilds and backups while other players load uncached pages');
  const others = [
    () => `/games/${nextSlug()}`,
    kinds[1]!.uncached!,
    kinds[2]!.uncached!,
    kinds[3]!.uncached!,
    kinds[6]!.uncached!,
  ];
  let other = 0;
  const longWork = await benchLongWork({
    origin: ORIGIN,
    password: BENCH_PASSWORD,
    importer: plan.importer,
    admin: plan.admin,
    heavy: plan.heavy,
    titles: plan.importTitles,
    nextPage: () => others[other++ % others.length]!(),
    seconds: SECONDS,
    embedded: !onPostgres,
    signIn: async (email) => {
      const client = new Client(ORIGIN);
      await client.signIn(email, BENCH_PASSWORD);
      return client;
    },
  });
  pages.push(...longWork.pages);
  figures.push(...longWork.figures);
  notes.push(
    "The long-work rows: four visitors, each asking for a page every 100 ms (a game page, the lists, a player's lists, a list, a profile, each a URL not asked for before), signed in as the 2000-game player; a page counts when it was asked for while the request ran, however late it was answered.",
  );
} finally {
  stopAll();
  for (const file of [STATIC_FILE, `${STATIC_FILE}.br`, `${STATIC_FILE}.gz`]) rmSync(file, { force: true });
  rmSync(staticDir, { recursive: true, force: true });
}
await new Promise<void>((resolve) => (server.exitCode === null ? server.once('exit', () => resolve()) : resolve()));
if (!everything) {
  console.log(`\n== results (long work only: docs/performance.md is left as it is)\n`);
  for (const row of pages)
    console.log(
      `${row.page}: p50 ${row.result?.p50.toFixed(1) ?? '–'} ms, p95 ${row.result?.p95.toFixed(1) ?? '–'} ms over ${row.result?.count ?? 0} pages${row.error ? ` (${row.error})` : ''}`,
    );
  for (const row of figures)
    console.log(
      `${row.name}: ${row.p95 === null ? '–' : (row.p95 / 1000).toFixed(2)} s${row.note ? ` (${row.note})` : ''}`,
    );
  process.exit(0);
}

console.log('== XP awards and the uncached leaderboard, on the database');
const xp = tagged(run(node, ['scripts/bench/xp.ts'], databaseEnv), 'BENCH_XP') as {
  awardP50: number;
  awardP95: number;
  leaderboardP50: number;
  leaderboardP95: number;
};
figures.push({
  name: 'awarding XP (one award, its own transaction)',
  samples: 200,
  p50: xp.awardP50,
  p95: xp.awardP95,
  target: atMost(10),
  note: 'in process, on the database: no HTTP endpoint awards XP by itself',
});
figures.push({
  name: '/leaderboard uncached (its queries)',
  samples: 200,
  p50: xp.leaderboardP50,
  p95: xp.leaderboardP95,
  target: atMost(onPostgres ? 15 : 50),
  note: 'the route cache keys only on ?period=, so over HTTP only the cached page can be loaded',
});

// The lists' data set on its own: players, then their statuses and lists (the parts it names).
const listsPart = parts ? (parts.players + parts.lists) * 1000 : null;
figures.push({
  name: 'generating the community data set (100,000 players, their statuses and lists)',
  samples: parts ? 1 : 0,
  p50: listsPart,
  p95: listsPart,
  target: atMost(180, 's'),
  note: parts
    ? `players ${parts.players.toFixed(0)} s, statuses and lists ${parts.lists.toFixed(0)} s; also generated: the catalogue ${parts.catalogue.toFixed(0)} s, user reviews ${parts.userReviews.toFixed(0)} s, XP ledger and follows ${parts.xp.toFixed(0)} s`
    : 'generated before the bench timed each part: --fresh measures it',
});

const counts = plan.counts;
const report: PerformanceRun = {
  database: onPostgres ? 'postgres' : 'embedded',
  server: `${NODE_SERVERS === 1 ? 'One node server' : `${NODE_SERVERS} node servers on one port (WEB_CONCURRENCY=${NODE_SERVERS})`}; ${postgres ? describeBenchPostgres(postgres) : onPostgres ? `PostgreSQL at DATABASE_URL (${new URL(givenUrl!).host})` : 'embedded database (PGlite) in the server process'}`,
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.platform()} ${os.release()}, Node ${process.version}`,
  seconds: SECONDS,
  dataSet: Object.entries(counts),
  generatedSeconds,
  reused,
  dataNotes: [
    'The time above is every part together; the figures table has the community data set of players, statuses and lists apart, against its 3-minute target.',
    `Lists: ${BENCH_COMMUNITY_LISTS.lists.toLocaleString('en-US')} custom lists of ${BENCH_COMMUNITY_LISTS.entriesPerList} entries, the heavy player's first list ${BENCH_COMMUNITY_LISTS.longListEntries}; the heavy player keeps ${BENCH_COMMUNITY_LISTS.heavyUserGames} games.`,
  ],
  pages,
  figures,
  ratios,
  notes,
};
console.log(`\n== results\n\n${consoleReport(report)}`);
const previous = existsSync('docs/performance.md') ? readFileSync('docs/performance.md', 'utf8') : '';
const measuredAt = new Date();
writeFileSync('docs/performance.md', performanceRecord(report, measuredAt, previous));
console.log('\n== wrote docs/performance.md');
