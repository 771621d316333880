// The PostgreSQL 15 the bench measures when DATABASE_URL is not given: a server of its own,
// started from Debian's binaries (postgresql-15, what .ci/run installs) as .ci/throwaway-postgres.sh
// starts the test server, listening on 127.0.0.1 only with trust authentication. Unlike the
// test server its cluster is kept in .data/bench-pg so the generated data set is reused
// between runs, and it runs with durable commits (fsync on, synchronous commits): the
// writes are measured as a production server would make them. Generating the data set
// runs with fsync off (a bulk load that is thrown away when it fails anyway).
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hugePagesNeeded, reserveHugePages, type HugePages } from './huge-pages.ts';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const GIB = 2 ** 30;

/**
 * What the report says about the server's configuration (beside PostgreSQL's defaults).
 * Memory as PostgreSQL's documentation starts a server with 1 GB or more of RAM: a quarter
 * of it for shared buffers, and half of it as the cache the planner may count on.
 */
export const BENCH_SETTINGS: Record<string, string> = {
  shared_buffers: `${Math.max(1, Math.floor(os.totalmem() / 4 / GIB))}GB`,
  effective_cache_size: `${Math.max(4, Math.floor(os.totalmem() / 2 / GIB))}GB`,
  work_mem: '16MB',
  maintenance_work_mem: '512MB',
  max_wal_size: '8GB',
  checkpoint_timeout: '30min',
  random_page_cost: '1.1',
  max_connections: '100',
};
const LOAD_SETTINGS: Record<string, string> = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

export interface BenchPostgres {
  url: string;
  version: string;
  dataDir: string;
  /** How its shared memory is paged (huge pages when they could be had). */
  hugePages: HugePages;
  /** Restarts the server with durable commits once the data set is loaded. */
  durable(): void;
  stop(): void;
}

export function postgresInstalled(): boolean {
  return existsSync(path.join(PG_BIN, 'postgres'));
}

/** PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user the Debian package creates. */
function asOwner(command: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const [file, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/**
 * Starts (creating it when missing) the bench cluster in `dir` on 127.0.0.1:`port`, in
 * bulk-load mode (fsync off) when `loading`, else durable.
 */
export function startBenchPostgres(dir: string, port: number, loading: boolean): BenchPostgres {
  if (!postgresInstalled())
    throw new Error(
      `PostgreSQL 15 is not installed (${PG_BIN}/postgres): apt-get install postgresql-15, or set DATABASE_URL`,
    );
  const root = path.resolve(dir);
  const dataDir = path.join(root, 'data');
  const log = path.join(root, 'server.log');
  mkdirSync(root, { recursive: true });
  if (process.getuid?.() === 0) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (owner.status !== 0)
      throw new Error('running as root needs the `postgres` user (the postgresql-15 package creates it)');
    const uid = Number(owner.stdout.trim());
    if (statSync(root).uid !== uid) chownSync(root, uid, uid);
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    const init = asOwner(path.join(PG_BIN, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr.trim()}`);
  }
  const pgCtl = path.join(PG_BIN, 'pg_ctl');
  function stop() {
    asOwner(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  }
  // A cluster left running by an interrupted run is stopped first, so the settings are ours.
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) stop();
  const hugePages = reserveHugePages(hugePagesNeeded(path.join(PG_BIN, 'postgres'), dataDir, BENCH_SETTINGS, asOwner));
  const start = (settings: Record<string, string>) => {
    const options = [
      `-p ${port}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      `-c huge_pages=${hugePages.setting}`,
      ...Object.entries({ ...BENCH_SETTINGS, ...settings }).map(([k, v]) => `-c ${k}=${v}`),
    ].join(' ');
    const started = asOwner(pgCtl, ['-D', dataDir, '-l', log, '-w', '-t', '120', '-o', options, 'start']);
    if (started.status !== 0) throw new Error(`PostgreSQL did not start (see ${log}): ${started.stderr.trim()}`);
  };
  start(loading ? LOAD_SETTINGS : {});
  const version = /\d+(\.\d+)?/.exec(asOwner(path.join(PG_BIN, 'postgres'), ['--version']).stdout)?.[0] ?? '15';
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    dataDir,
    hugePages,
    durable() {
      stop();
      start({});
    },
    stop() {
      stop();
      hugePages.release();
    },
  };
}

/**
 * Reads the data set into the server's shared buffers (pg_prewarm, a module Debian's
 * postgresql-15 ships) and returns how many bytes that was. The bench restarts its server
 * after loading, which empties them; a server that has been serving the site holds what its
 * pages read, and the figures are meant to be that server's (the first read of each page
 * after a restart comes from the operating system's cache instead).
 */
export async function prewarmBenchPostgres(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_prewarm');
    const { rows } = await client.query<{ blocks: string }>(`
      select coalesce(sum(pg_prewarm(c.oid)), 0)::text as blocks
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'auth', 'storage', 'pg_toast') and c.relkind in ('r', 'i', 'm', 't')`);
    return Number(rows[0]?.blocks ?? 0) * 8192;
  } finally {
    await client.end();
  }
}

/** The settings line of the report. */
export function describeBenchPostgres(server: BenchPostgres): string {
  const settings = Object.entries(BENCH_SETTINGS)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return `PostgreSQL ${server.version} (Debian's binaries), a server the bench started on 127.0.0.1 on the same ${os.cpus().length} cores: ${settings}, fsync on, shared memory in ${server.hugePages.description}, its shared buffers prewarmed with the data set after its restart (pg_prewarm)`;
}
