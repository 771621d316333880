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
// --only igdb-sync [--igdb-games N]: the IGDB full sync into a fresh database from a local
// stand-in (scripts/bench/igdb-sync.ts), 300 000 games on PostgreSQL and 20 000 embedded unless
// N is given; at those sizes it writes its own sections of docs/performance.md.
// --database embedded | postgres | both (the default): where it runs. PostgreSQL is DATABASE_URL
// when set (its catalogue and community are replaced by the data set) or a PostgreSQL 15 server
// the bench starts itself (scripts/bench/postgres.ts); each database has its own data set and
// its own section of docs/performance.md, so a run on one keeps the other's figures.
// --compare <git-rev> [--rounds N]: this checkout against an older commit, in alternating
// rounds on the same machine (scripts/bench-compare.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_COMMUNITY_LISTS } from '../src/lib/seed/synthetic/community/lists.server.ts';
import {
  consoleReport,
  formatRecord,
  performanceRecord,
  type FigureRow,
  type BenchDatabase,
  type PageRow,
  type PerformanceRun,
  type RatioRow,
} from './bench-report.ts';
import { benchDataSetPlace, openDataSet } from './bench/data-set.ts';
import { startNginx, startNginxInFront, type Nginx } from './bench/nginx.ts';
import { pageSources, readSlugs, warmUp } from './bench/page-sources.ts';
import { gamePageBytes, measurePages, writeStaticCopy } from './bench/pages.ts';
import { BENCH_PASSWORD, type BenchPlan } from './bench/plan.ts';
import { describeBenchPostgres, postgresInstalled, prewarmBenchPostgres } from './bench/postgres.ts';
import { describeMachine, run, tagged, type Tree } from './bench/processes.ts';
import { BenchServer } from './bench/server.ts';
import { atMost } from './bench/stats.ts';
import { timePlayerWrites, timePublishing } from './bench/write-figures.ts';
import { Client } from './bench/writes.ts';
import { benchLongWork } from './bench/long-work.ts';
import { igdbSyncCommand } from './bench/igdb-sync-command.ts';

const { values } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '5' },
    database: { type: 'string', default: 'both' },
    games: { type: 'string', default: '100000' },
    only: { type: 'string', default: 'all' },
    // `--compare <git-rev> [--rounds N]`: scripts/bench-compare.ts.
    compare: { type: 'string' },
    rounds: { type: 'string' },
    'igdb-games': { type: 'string' },
  },
});
if (values.compare !== undefined) {
  const result = spawnSync(process.execPath, ['scripts/bench-compare.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
if (values.rounds !== undefined) throw new Error('--rounds goes with --compare <git-rev>');
if (!['all', 'long-work', 'igdb-sync'].includes(values.only)) throw new Error('--only is all, long-work or igdb-sync');
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
      ...(values['igdb-games'] ? ['--igdb-games', values['igdb-games']] : []),
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
const PORT = Number(process.env.BENCH_PORT) || 4611;
const PG_PORT = PORT + 2000;
const HOST = '127.0.0.1';
const ORIGIN = `http://${HOST}:${PORT}`;
const SECONDS = Number(values.seconds);
const tree: Tree = { dir: process.cwd(), node: process.execPath, label: 'this checkout' };
if (values.only === 'igdb-sync') {
  await igdbSyncCommand({ database: values.database as BenchDatabase, games: values['igdb-games'], givenUrl, PG_PORT });
  process.exit(0);
}

console.log('== build');
run('npm', ['run', 'build', '--silent']);

const dataSet = openDataSet({
  place: benchDataSetPlace(values.database as 'embedded' | 'postgres', GAMES, givenUrl),
  database: values.database as 'embedded' | 'postgres',
  games: GAMES,
  fresh: values.fresh,
  givenUrl,
  pgPort: PG_PORT,
  origin: ORIGIN,
  tree,
});
const { postgres, generatedSeconds, parts, reused } = dataSet;
process.on('exit', () => postgres?.stop());
/** Where the children (prepare, server, XP) find the database. */
const databaseEnv = dataSet.env;

console.log('== prepare: bench players and the outlet everyone follows');
const plan = tagged(run(tree.node, ['scripts/bench/prepare.ts'], { env: databaseEnv }), 'BENCH_PLAN') as BenchPlan;
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
const server = new BenchServer({ tree, host: HOST, port: PORT, env: databaseEnv, servers: NODE_SERVERS });
let nginx: Nginx | null = null;
let nginxFront: Nginx | null = null;
const stopAll = () => {
  server.kill();
  nginx?.stop();
  nginxFront?.stop();
};
process.on('exit', stopAll);

const pages: PageRow[] = [];
const figures: FigureRow[] = [];
const ratios: RatioRow[] = [];
const notes: string[] = [];
const staticDir = mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
let staticFiles: string[] = [];
try {
  await server.ready();
  const slugs = await readSlugs(ORIGIN, GAMES);
  // The static file: a game page's own bytes (same size, same compressibility), from the same server and from nginx.
  const gamePage = await gamePageBytes(ORIGIN, slugs);
  writeFileSync(path.join(staticDir, 'bench-static.html'), gamePage);
  staticFiles = writeStaticCopy('dist/client', gamePage);
  await server.restart();
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

  const sources = pageSources(plan, slugs, heavy.cookie, onPostgres);
  const { kinds, nextSlug } = sources;
  await warmUp(ORIGIN, kinds);
  if (everything) {
    const measured = await measurePages({
      origin: ORIGIN,
      nginx: nginx ? { origin: `http://${HOST}:${PORT + 1}`, version: nginx.version } : null,
      nginxFront: nginxFront ? { origin: `http://${HOST}:${PORT + 2}` } : null,
      serverPid: () => server.pid,
      sources,
      seconds: SECONDS,
      onPostgres,
    });
    pages.push(...measured.pages);
    ratios.push(...measured.ratios);
    notes.push(...measured.notes);
    console.log('== writes');
    figures.push(...(await timePlayerWrites(heavy, voter, plan)));
    figures.push(...(await timePublishing(ORIGIN, heavy, plan, BENCH_PASSWORD)));
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
  await server.stop();
  nginx?.stop();
  nginxFront?.stop();
  for (const file of staticFiles) rmSync(file, { force: true });
  rmSync(staticDir, { recursive: true, force: true });
}
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
const xp = tagged(run(tree.node, ['scripts/bench/xp.ts'], { env: databaseEnv }), 'BENCH_XP') as {
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
  machine: `${describeMachine()}, Node ${process.version}`,
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
writeFileSync('docs/performance.md', await formatRecord(performanceRecord(report, measuredAt, previous)));
console.log('\n== wrote docs/performance.md');
