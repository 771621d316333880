import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { DatabaseLockedError, DatabaseUnavailableError } from './errors.ts';

/**
 * One Kysely instance over `pg` for every mode: PGlite through its node-postgres
 * adapter when DATABASE_URL is unset, a pg Pool otherwise. node-postgres sends
 * parameterised queries as unnamed statements (it never names a prepared statement
 * unless asked), which is what Supabase's transaction pooler requires.
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
  /** The embedded engine itself (tests dump it as a template); absent for PostgreSQL. */
  pglite?: PGlite;
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

/**
 * PGlite is a single-process database: two processes opening one directory corrupt it.
 * A pid file beside the directory turns that into a clear error.
 */
async function acquireLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = lockPathFor(dataDir);
  const existing = await readFile(lockPath, 'utf8').catch(() => '');
  const holder = Number.parseInt(existing, 10);
  if (Number.isInteger(holder) && holder !== process.pid && processIsAlive(holder)) {
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
}

/** Opens PGlite at `dataDir` ('memory://' for tests) behind a one-connection pg pool. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<DatabaseConnection> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? async () => {} : await acquireLock(dataDir);
  let pglite: PGlite;
  try {
    if (!inMemory) await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
    pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  } catch (error) {
    await release();
    throw new DatabaseUnavailableError(`Could not open the embedded database in ${dataDir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const pool = handleConnectionErrors(new pg.Pool(createPgConfig(pglite)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    location: inMemory ? 'memory' : path.resolve(dataDir),
    pglite,
    async close() {
      await db.destroy();
      await pglite.close();
      await release();
    },
  };
}

export function openPostgres(connectionString: string, max = 10): DatabaseConnection {
  // A client losing its server must not crash the process; the next query reconnects.
  const pool = handleConnectionErrors(
    new pg.Pool({
      connectionString,
      max,
      connectionTimeoutMillis: 5_000,
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
