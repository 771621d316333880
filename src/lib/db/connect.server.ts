import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { REMOTE_TIMEOUT_MS } from '../config/remote-timeouts.ts';
import type { Database } from './schema.ts';
import { DatabaseLockedError, DatabaseUnavailableError } from './errors.ts';
import { namingClient } from './prepared-statements.server.ts';
import { poolOverThread, startPgliteThread } from './pglite-thread.server.ts';

/**
 * One Kysely instance over `pg` for every mode: PGlite through its node-postgres
 * adapter when DATABASE_URL is unset, a pg Pool otherwise. Queries are named prepared
 * statements on the embedded thread and on PostgreSQL unless DATABASE_URL is a transaction
 * pooler (prepared-statements.server.ts).
 */

// `date` columns stay 'YYYY-MM-DD' strings: turning them into Date objects would shift
// them by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseConnection {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for log lines (never includes a password). */
  location: string;
  /** The embedded database's files as a tarball (backups, test templates); absent for PostgreSQL. */
  dumpDataDir?(compression: 'none' | 'gzip'): Promise<Blob>;
  /**
   * The embedded engine is up and answering, without waiting in the query queue behind
   * pages (the health check); absent where a `select 1` on the pool is as cheap.
   */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A pg client whose server goes away (a restart, a failover, a dropped network) emits
 * 'error', and an 'error' event without a listener ends the node process. The pool listens
 * on its idle clients only, so every client gets a listener of its own the moment it
 * connects: the failure then reaches the query that was running, which rejects (the
 * request answers 503), and the pool discards the broken client when it is released.
 * Every pool and standalone client of the process goes through this.
 */
export function handleConnectionErrors<T extends pg.Pool | pg.Client>(target: T, label = 'db'): T {
  const log = (error: Error) => console.error(`[${label}] connection lost: ${error.message}`);
  if (target instanceof pg.Pool) {
    target.on('connect', (client) => client.on('error', log));
    // The pool re-emits an idle client's error, which the client's own listener has logged.
    target.on('error', () => undefined);
  } else {
    target.on('error', log);
  }
  return target;
}

function lockPathFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process that has the embedded database in `dataDir` open, or null. */
export async function openedElsewhere(dataDir: string): Promise<number | null> {
  const holder = Number.parseInt(await readFile(lockPathFor(dataDir), 'utf8').catch(() => ''), 10);
  return Number.isInteger(holder) && holder !== process.pid && processIsAlive(holder) ? holder : null;
}

/**
 * PGlite is a single-process database: two processes opening one directory corrupt it.
 * A pid file beside the directory turns that into a clear error.
 */
async function acquireLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = lockPathFor(dataDir);
  const holder = await openedElsewhere(dataDir);
  if (holder !== null) {
    throw new DatabaseLockedError(
      `The embedded database in ${dataDir} is open in another process (pid ${holder}). ` +
        'Stop that process (for example the running server) and try again.',
    );
  }
  await mkdir(path.dirname(lockPath), { recursive: true });
  await writeFile(lockPath, String(process.pid));
  return async () => {
    const current = await readFile(lockPath, 'utf8').catch(() => '');
    if (current === String(process.pid)) await rm(lockPath, { force: true });
  };
}

export interface PgliteOptions {
  /** Start from a dumpDataDir() tarball instead of an empty cluster (tests use a migrated template). */
  loadDataDir?: Blob | undefined;
  /**
   * Run the engine in a worker thread (the server: its event loop keeps serving while a
   * query runs; docs/decisions/embedded-database-thread.md), or in this thread (tests and
   * one-off scripts, where nothing else waits and one engine per test file is cheaper).
   */
  thread?: boolean;
}

/** Opens PGlite at `dataDir` ('memory://' for tests) behind a one-connection pg pool. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<DatabaseConnection> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? async () => {} : await acquireLock(dataDir);
  const location = inMemory ? 'memory' : path.resolve(dataDir);
  try {
    if (!inMemory) await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
    if (options.thread) {
      const thread = await startPgliteThread(dataDir, options.loadDataDir);
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: handleConnectionErrors(poolOverThread(thread)) }) });
      return {
        db,
        kind: 'pglite',
        location,
        dumpDataDir: (compression) => thread.dumpDataDir(compression),
        ping: () => thread.ping(),
        async close() {
          await db.destroy();
          await thread.close();
          await release();
        },
      };
    }
    const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: handleConnectionErrors(new pg.Pool(createPgConfig(pglite))) }) });
    return {
      db,
      kind: 'pglite',
      location,
      dumpDataDir: (compression) => pglite.dumpDataDir(compression),
      async close() {
        await db.destroy();
        await pglite.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    if (error instanceof DatabaseUnavailableError) throw error;
    throw new DatabaseUnavailableError(`Could not open the embedded database in ${dataDir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export function openPostgres(connectionString: string, max = 10, preparedStatements = false): DatabaseConnection {
  // A client losing its server must not crash the process; the next query reconnects.
  const pool = handleConnectionErrors(
    new pg.Pool({
      connectionString,
      max,
      Client: preparedStatements ? namingClient(pg.Client) : pg.Client,
      connectionTimeoutMillis: REMOTE_TIMEOUT_MS.postgresConnect,
      idleTimeoutMillis: 30_000,
    }),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const url = new URL(connectionString);
  return {
    db,
    kind: 'postgres',
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    close: () => db.destroy(),
  };
}
