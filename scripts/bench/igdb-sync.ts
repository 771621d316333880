// The IGDB full sync bench (`npm run bench -- --only igdb-sync`): a fresh, migrated database
// (a new database on the PostgreSQL server, or a new embedded one), a stand-in for IGDB and
// Twitch serving a synthetic catalogue in a process of its own (scripts/bench/igdb-stand-in.ts),
// and the real sync in another (scripts/bench/igdb-sync-run.ts: the client with its token and
// its limit of 4 requests a second, runFullSync). On PostgreSQL the bench meanwhile reads a
// game page's data (getGameOverviewBySlug, the statement /games/{slug} makes) every 100 ms
// from its own connection, a game written earlier each time, then does the same with no sync
// running: what the sync costs the site's other requests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { openPostgres } from '../../src/lib/db/connect.server.ts';
import { getGameOverviewBySlug } from '../../src/lib/games/game-overview.server.ts';
import { IGDB_MAX_LIMIT } from '../../src/lib/igdb/apicalypse.ts';
import { EMBEDDED_PAGE_SIZE } from '../../src/lib/igdb/job.server.ts';
import { STAND_IN_CLIENT } from '../../tests/helpers/igdb-stand-in.ts';
import type { BenchDatabase, FigureRow } from '../bench-report.ts';
import type { SyncRunFigures } from './igdb-sync-run.ts';
import { atMost, summarise } from './stats.ts';

/** The sizes of the rows docs/performance.md keeps: IGDB's whole catalogue on PostgreSQL; a bounded one embedded. */
export const IGDB_BENCH_GAMES: Record<BenchDatabase, number> = { postgres: 300_000, embedded: 20_000 };
/** What a full sync of IGDB must take at most (on this machine, PostgreSQL). */
const FULL_SYNC_TARGET_S = 3600;
const PROBE_EVERY_MS = 100;

export interface IgdbSyncBenchOptions {
  database: BenchDatabase;
  games: number;
  /** PostgreSQL: a server URL; the bench makes (and drops) a database of its own there. */
  serverUrl?: string;
  /** How long to read game pages with no sync running (PostgreSQL). */
  idleSeconds: number;
  node?: string;
  log?: (line: string) => void;
}

export interface IgdbSyncBenchResult {
  sync: SyncRunFigures;
  figures: FigureRow[];
  notes: string[];
}

/** The environment of a child acting on `database` only (never a DATABASE_URL of the bench's own). */
function childEnv(database: { url?: string; dir?: string }, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  delete env.SUPABASE_URL;
  if (database.url) env.DATABASE_URL = database.url;
  if (database.dir) env.PGLITE_DIR = database.dir;
  return env;
}

/** Starts the stand-in and returns its URLs and a way to end it. */
async function startStandIn(node: string, games: number) {
  const child = spawn(node, ['scripts/bench/igdb-stand-in.ts', '--games', String(games)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const urls = await new Promise<{ apiUrl: string; tokenUrl: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the IGDB stand-in stopped (${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith('BENCH_IGDB_STAND_IN ')) resolve(JSON.parse(line.slice(20)) as typeof urls);
    });
  });
  return { ...urls, stop: () => child.kill('SIGTERM') };
}

/** Starts the sync child: `starts` once its database is migrated, `done` with its figures at its end. */
function runSync(node: string, env: NodeJS.ProcessEnv): { starts: Promise<void>; done: Promise<SyncRunFigures> } {
  const child = spawn(node, ['scripts/bench/igdb-sync-run.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env });
  let out = '';
  let started: () => void = () => {};
  const starts = new Promise<void>((resolve) => (started = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    if (out.includes('BENCH_IGDB_SYNC_STARTS')) started();
  });
  const done = new Promise<SyncRunFigures>((resolve, reject) => {
    child.once('exit', (code) => {
      started();
      const line = out.split('\n').find((text) => text.startsWith('BENCH_IGDB_SYNC '));
      if (code !== 0 || !line) reject(new Error(`the IGDB sync stopped (exit ${code})`));
      else resolve(JSON.parse(line.slice(16)) as SyncRunFigures);
    });
  });
  return { starts, done };
}

/** Reads a game page's data every 100 ms until `until` settles (or for `seconds`); the times in ms. */
async function probe(url: string, until: { done: boolean }, seconds?: number): Promise<number[]> {
  const connection = openPostgres(url, 1);
  const samples: number[] = [];
  const slugs: string[] = [];
  let afterId = 0;
  const ends = seconds === undefined ? Number.POSITIVE_INFINITY : performance.now() + seconds * 1000;
  try {
    while (!until.done && performance.now() < ends) {
      if (samples.length % 20 === 0) {
        // More of the games written so far (not timed): a slug in every 50 ids.
        const rows = await sql<{ id: number; slug: string }>`
          select id, slug from games where id > ${afterId} and id % 50 = 0 order by id limit 200`.execute(
          connection.db,
        );
        for (const row of rows.rows) slugs.push(row.slug);
        afterId = rows.rows.at(-1)?.id ?? afterId;
      }
      const slug = slugs[Math.floor(Math.random() * slugs.length)];
      if (slug !== undefined) {
        const started = performance.now();
        const read = await getGameOverviewBySlug(connection.db, slug);
        samples.push(performance.now() - started);
        if (!read) throw new Error(`the game ${slug} could not be read back`);
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  } finally {
    await connection.close();
  }
  return samples;
}

interface FreshDatabase {
  target: { url?: string; dir?: string };
  create(): Promise<void>;
  drop(): Promise<void>;
}

/** A new database for the run (the sync's process migrates it); `drop` removes it. */
function freshDatabase(options: IgdbSyncBenchOptions): FreshDatabase {
  if (options.database === 'embedded') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'igdb-sync-bench-'));
    return {
      target: { dir },
      create: () => Promise.resolve(),
      drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  }
  if (!options.serverUrl) throw new Error('the PostgreSQL bench needs a server URL');
  const name = `critical_hit_igdb_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(options.serverUrl);
  url.pathname = `/${name}`;
  const admin = openPostgres(options.serverUrl, 1);
  const drop = async () => {
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
  };
  return {
    target: { url: url.toString() },
    async create() {
      await sql.raw(`create database ${name}`).execute(admin.db);
    },
    drop: async () => {
      await drop();
      await admin.close();
    },
  };
}

export async function benchIgdbSync(options: IgdbSyncBenchOptions): Promise<IgdbSyncBenchResult> {
  const node = options.node ?? process.execPath;
  const log = options.log ?? (() => {});
  const database = freshDatabase(options);
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
  const loadBefore = load();
  await database.create();
  const standIn = await startStandIn(node, options.games);
  try {
    const env = childEnv(database.target, {
      TWITCH_CLIENT_ID: STAND_IN_CLIENT.clientId,
      TWITCH_CLIENT_SECRET: STAND_IN_CLIENT.clientSecret,
      IGDB_API_URL: standIn.apiUrl,
      TWITCH_TOKEN_URL: standIn.tokenUrl,
    });
    log(`== IGDB full sync of ${options.games.toLocaleString('en-US')} games (${options.database})`);
    const syncing = runSync(node, env);
    const done = { done: false };
    const url = database.target.url;
    await syncing.starts;
    const during = url ? probe(url, done) : Promise.resolve([]);
    const [sync, busy] = await Promise.all([syncing.done.finally(() => (done.done = true)), during]);
    const loadAfter = load();
    const idle = url ? await probe(url, { done: false }, options.idleSeconds) : [];
    return { sync, ...report(options, sync, busy, idle, `${loadBefore} before, ${loadAfter} after`) };
  } finally {
    standIn.stop();
    await database.drop();
  }
}

/** The median of the n-th tenth of the samples (0-based): how a page's cost grows with the tables. */
function tenth(samples: readonly number[], n: number): string {
  const size = Math.max(1, Math.floor(samples.length / 10));
  return summarise(samples.slice(n * size, n === 9 ? undefined : (n + 1) * size)).p50.toFixed(0);
}

function report(
  options: IgdbSyncBenchOptions,
  sync: SyncRunFigures,
  busy: number[],
  idle: number[],
  load: string,
): Omit<IgdbSyncBenchResult, 'sync'> {
  const games = options.games.toLocaleString('en-US');
  const seconds = sync.totalMs / 1000;
  const fetch = summarise(sync.fetchMs);
  const write = summarise(sync.writeMs);
  const figures: FigureRow[] = [
    {
      name: `IGDB full sync, ${games} games (the whole run)`,
      samples: 1,
      p50: sync.totalMs,
      p95: sync.totalMs,
      target: options.database === 'postgres' ? atMost(FULL_SYNC_TARGET_S, 's') : undefined,
      note: `${sync.pages} pages of ${options.database === 'embedded' ? EMBEDDED_PAGE_SIZE : IGDB_MAX_LIMIT}: ${(sync.pages / seconds).toFixed(2)} pages/s, ${((sync.created + sync.updated) / seconds).toFixed(0)} games/s; ${sync.created.toLocaleString('en-US')} games created, ${sync.skipped.toLocaleString('en-US')} left out (types the catalogue does not show), ${sync.queued} queued; ${seconds.toFixed(0)} s`,
    },
    {
      name: 'IGDB sync: one page asked for',
      samples: fetch.count,
      p50: fetch.p50,
      p95: fetch.p95,
      note: "the client's call: its turn under the limit of 4 requests a second, the stand-in's answer (made at once), its JSON",
    },
    {
      name: 'IGDB sync: one page written (its transaction)',
      samples: write.count,
      p50: write.p50,
      p95: write.p95,
      note: `mapping the page's games and writing them with the cursor in one transaction; p50 ${tenth(sync.writeMs, 0)} ms over the first tenth of the pages, ${tenth(sync.writeMs, 9)} ms over the last; the longest ${Math.max(...sync.writeMs).toFixed(0)} ms`,
    },
  ];
  if (options.database === 'postgres') {
    const quiet = summarise(idle);
    const during = summarise(busy);
    figures.push(
      {
        name: 'a game page read (getGameOverviewBySlug), no sync running',
        samples: quiet.count,
        p50: quiet.p50,
        p95: quiet.p95,
        note: `every ${PROBE_EVERY_MS} ms for ${options.idleSeconds} s after the sync, a synced game each time`,
      },
      {
        name: 'a game page read (getGameOverviewBySlug) while the sync runs',
        samples: during.count,
        p50: during.p50,
        p95: during.p95,
        target: atMost(Math.ceil(Math.max(2 * quiet.p95, quiet.p95 + 5))),
        note: 'every 100 ms from its own connection, a game written earlier in the run; target: twice the p95 with no sync (at least 5 ms more)',
      },
    );
  }
  return {
    figures,
    notes: [
      `The stand-in (tests/helpers/igdb-stand-in.ts) serves ${games} synthetic games in IGDB's shapes, each page made from the ids on demand (tests/helpers/igdb-synthetic.ts); it runs in a process of its own, and so does the sync (the token, the client and its rate limit, runFullSync: what \`npm run igdb -- sync\` runs), into a freshly migrated database with the catalogue's platforms and genres.`,
      `The machine is shared: load average (1, 5, 15 min) ${load}.`,
      `The sync ended ${sync.status}; the database then held ${sync.gamesInDatabase.toLocaleString('en-US')} games.`,
    ],
  };
}
