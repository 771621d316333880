import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { handleConnectionErrors, type DatabaseConnection } from './connect.server.ts';
import { DatabaseLockedError, DatabaseUnavailableError } from './errors.ts';
import { poolOverThread, startPgliteThread } from './pglite-thread.server.ts';
import type { Database } from './schema.ts';

/**
 * The embedded database (DATABASE_URL unset): PGlite, in a worker thread behind a pg pool for
 * the server, or in this thread for tests and one-off scripts. A module of its own, loaded
 * only in that mode, so PGlite is never part of the Vercel function (db.server.ts).
 */

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

/** Opens PGlite at `dataDir` (`memory://` for tests) behind a pg pool. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<DatabaseConnection> {
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? async () => {} : await acquireLock(dataDir);
  const location = inMemory ? 'memory' : path.resolve(dataDir);
  try {
    if (!inMemory) await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
    if (options.thread) {
      const thread = await startPgliteThread(dataDir, options.loadDataDir);
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: handleConnectionErrors(poolOverThread(thread)) }),
      });
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
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: handleConnectionErrors(new pg.Pool(createPgConfig(pglite))) }),
    });
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
    throw new DatabaseUnavailableError(
      `Could not open the embedded database in ${dataDir}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}
