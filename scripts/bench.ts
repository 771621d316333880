// `npm run bench`: the speed budget, measured.
//   1. builds the site;
//   2. generates 100 000 synthetic games, 1 000 000 critic reviews and 100 000 players into .data/bench
//      (reused on later runs while the migrations and parameters are unchanged; --fresh forces it);
//   3. starts the node server on 127.0.0.1:4611 (BENCH_PORT) on that database;
//   4. for /games/{slug}, /games, /reviews and the search endpoint, prints requests per
//      second and p50/p95/p99 latency at 1 and 32 connections, uncached and cached, next
//      to a static file of the same size served by the same server in the same run.
// "Uncached" requests each use a URL the route cache has not seen: distinct game slugs,
// page numbers or search words (parameters the cache keys on). Requests are sent without
// Accept-Encoding (the server's compression is measured by Lighthouse, not here).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { readMigrationFiles } from '../src/lib/db/migrations.server.ts';
import { performanceRecord } from './bench-report.ts';

const { values } = parseArgs({ options: { fresh: { type: 'boolean', default: false }, seconds: { type: 'string', default: '5' } } });
const GAMES = 100_000;
const REVIEWS_PER_GAME = 10;
const USERS = 100_000;
const DIR = '.data/bench';
const MARKER = `${DIR}.json`;
const PORT = Number(process.env.BENCH_PORT) || 4611;
const HOST = '127.0.0.1';
const SECONDS = Number(values.seconds);
const node = process.execPath;

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

console.log('== build');
run('npm', ['run', 'build', '--silent']);

const migrations = await readMigrationFiles();
const fingerprint = createHash('sha256')
  .update(JSON.stringify({ GAMES, REVIEWS_PER_GAME, USERS, migrations: migrations.map((m) => m.checksum) }))
  .digest('hex');
const reusable = !values.fresh && existsSync(MARKER) && existsSync(DIR) && readFileSync(MARKER, 'utf8') === fingerprint;
if (reusable) {
  console.log(`== data: reusing ${DIR} (${GAMES} games, ${GAMES * REVIEWS_PER_GAME} reviews; --fresh regenerates)`);
} else {
  console.log(`== data: generating ${GAMES} games and ${GAMES * REVIEWS_PER_GAME} reviews into ${DIR}`);
  rmSync(DIR, { recursive: true, force: true });
  rmSync(MARKER, { force: true });
  const started = performance.now();
  run(node, ['scripts/db.ts', 'generate', '--games', String(GAMES), '--reviews-per-game', String(REVIEWS_PER_GAME), '--users', String(USERS)], { PGLITE_DIR: DIR });
  console.log(`   generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  writeFileSync(MARKER, fingerprint);
}

console.log(`== server on http://${HOST}:${PORT}`);
const server = spawn(node, ['scripts/start.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST, PGLITE_DIR: DIR },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => {
  if (server.exitCode === null && server.pid) process.kill(server.pid, 'SIGTERM');
};
process.on('exit', stopServer);

const agent = (connections: number) => new http.Agent({ keepAlive: true, maxSockets: connections });

function get(path: string, via: http.Agent): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: HOST, port: PORT, path, agent: via }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

async function waitForServer(): Promise<void> {
  const via = agent(1);
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (server.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await get('/api/health', via)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

interface Result {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** `connections` loops send requests back to back for SECONDS seconds; `next()` gives each request's path. */
async function load(next: () => string, connections: number): Promise<Result> {
  const via = agent(connections);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const path = next();
        const t0 = performance.now();
        try {
          const response = await get(path, via);
          if (response.status !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  via.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors };
}

try {
  await waitForServer();
  const via = agent(1);
  // Every game slug, from the sitemaps (two files of 50 000).
  const slugs: string[] = [];
  for (const file of ['games-1', 'games-2']) {
    const xml = (await get(`/sitemaps/${file}.xml`, via)).body.toString();
    for (const match of xml.matchAll(/\/games\/([a-z0-9-]+)<\/loc>/g)) slugs.push(match[1]!);
  }
  if (slugs.length < 50_000) throw new Error(`expected ${GAMES} games in the sitemaps, found ${slugs.length}`);
  // Spread through the catalogue, never the same slug twice in the uncached runs.
  let cursor = 0;
  const nextSlug = () => slugs[(cursor++ * 7919) % slugs.length]!;
  const words = ['crimson', 'neon od', 'lantern', 'silent harb', 'crimsn odysey', 'golden kingdm', 'paper', 'synthetic outlet 01', 'iron frontier', 'tactics'];
  // The route cache keys only on the parameters a route reads, so a request is uncached only
  // when one of those differs: a page number not asked for yet, a search not typed yet.
  let counter = 0;
  const pageNumber = (pages: number) => 1 + (++counter % pages);
  const letters = (n: number): string => (n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26) - 1) + letters(n % 26));
  const distinctQuery = () => `${words[counter % words.length]!}${letters(++counter)}`;

  // A static file the size of a game page, served by the same server (its static handler).
  const samplePage = (await get(`/games/${slugs[0]}`, via)).body;
  writeFileSync('dist/client/bench-static.html', Buffer.alloc(samplePage.length, 'x'));

  // Warm up: the database's caches and the JIT, for every kind of request.
  for (let i = 0; i < 200; i += 1) {
    await get(`/games/${slugs[slugs.length - 1 - i]}`, via);
    await get(`/api/search?q=${encodeURIComponent(words[i % words.length]!)}&warm=${i}`, via);
  }
  for (let i = 0; i < 20; i += 1) {
    await get(`/games?page=${pageNumber(4000)}`, via);
    await get(`/reviews?page=${pageNumber(2000)}`, via);
  }

  const targets: { name: string; uncached: () => string; cached: () => string }[] = [
    { name: '/games/{slug}', uncached: () => `/games/${nextSlug()}`, cached: () => `/games/${slugs[1]}` },
    { name: '/games', uncached: () => `/games?page=${pageNumber(4000)}`, cached: () => '/games' },
    { name: '/reviews', uncached: () => `/reviews?page=${pageNumber(2000)}`, cached: () => '/reviews' },
    {
      name: '/api/search?q=',
      uncached: () => `/api/search?q=${encodeURIComponent(distinctQuery())}`,
      cached: () => '/api/search?q=crimson',
    },
  ];

  const rows: string[][] = [];
  const results = new Map<string, Result>();
  for (const connections of [1, 32]) {
    const staticResult = await load(() => '/bench-static.html', connections);
    results.set(`static ${connections}`, staticResult);
    rows.push(['static file', String(samplePage.length), String(connections), ...format(staticResult), '1.00']);
    for (const target of targets) {
      for (const mode of ['uncached', 'cached'] as const) {
        if (mode === 'cached') await get(target.cached(), via);
        const result = await load(target[mode], connections);
        results.set(`${target.name} ${mode} ${connections}`, result);
        rows.push([`${target.name} ${mode}`, '', String(connections), ...format(result), (result.perSecond / staticResult.perSecond).toFixed(2)]);
      }
    }
  }

  console.log(`\n== results (${SECONDS} s per row; latency in ms; ratio = requests/s ÷ the static file's at the same connections)\n`);
  const header = ['target', 'bytes', 'conn', 'req/s', 'p50', 'p95', 'p99', 'errors', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));

  const game = results.get('/games/{slug} uncached 1')!;
  const search = results.get('/api/search?q= uncached 1')!;
  const cachedRatios = targets.flatMap((t) => [1, 32].map((c) => results.get(`${t.name} cached ${c}`)!.perSecond / results.get(`static ${c}`)!.perSecond));
  console.log('\n== targets');
  const targetLines = [
    `uncached game page p95 at 1 connection: ${game.p95.toFixed(1)} ms (target <= 25): ${game.p95 <= 25 ? 'met' : 'MISSED'}`,
    `search p95 at 1 connection: ${search.p95.toFixed(1)} ms (target <= 15): ${search.p95 <= 15 ? 'met' : 'MISSED'}`,
    `cached pages vs static file: lowest ratio ${Math.min(...cachedRatios).toFixed(2)} (target >= 0.50): ${Math.min(...cachedRatios) >= 0.5 ? 'met' : 'MISSED'}`,
  ];
  for (const target of targetLines) console.log(target);
  writeFileSync(
    'docs/performance.md',
    performanceRecord({ header, rows, targets: targetLines, seconds: SECONDS, games: GAMES, reviews: GAMES * REVIEWS_PER_GAME }),
  );
  console.log('\n== wrote docs/performance.md');
} finally {
  stopServer();
  rmSync('dist/client/bench-static.html', { force: true });
}

function format(result: Result): string[] {
  return [result.perSecond.toFixed(0), result.p50.toFixed(1), result.p95.toFixed(1), result.p99.toFixed(1), String(result.errors)];
}
