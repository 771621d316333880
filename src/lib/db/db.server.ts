import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { getEnv, type Env } from '../config/env.ts';
import { ON_VERCEL } from '../config/platform.server.ts';
import { openPostgres, type DatabaseConnection } from './connect.server.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './errors.ts';
import { maintainEmbeddedDatabase } from './embedded-statistics.server.ts';
import { preparedStatementsFor } from './prepared-statements.server.ts';
import { BOOTSTRAP_FILE, migrate, migrationStatus, readMigrationFiles } from './migrations.server.ts';
import type { Database } from './schema.ts';

/**
 * The process-wide database. It lives on globalThis under a registered symbol because
 * the start script and the built server bundle each carry a copy of this module, and a
 * PGlite directory must be opened exactly once per process.
 */

type Connector = () => Promise<DatabaseConnection>;

interface Registry {
  connector?: Connector;
  connection?: Promise<DatabaseConnection> | undefined;
}

const REGISTRY = Symbol.for('critical-hit.database');

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  holder[REGISTRY] ??= {};
  return holder[REGISTRY];
}

const log = (message: string) => console.log(`[db] ${message}`);

/** PGlite under PGLITE_DIR, in its thread, with the bootstrap, migrations and fresh statistics. */
async function openEmbedded(
  { openPglite }: typeof import('./pglite.server.ts'),
  env: Env,
): Promise<DatabaseConnection> {
  const connection = await openPglite(env.PGLITE_DIR, { thread: true });
  try {
    const bootstrapSql = await readFile(BOOTSTRAP_FILE, 'utf8');
    await migrate(connection.db, { files: await readMigrationFiles(), bootstrapSql, log });
    // No autovacuum in PGlite: statistics of tables that grew since they were taken, and
    // GIN pending lists, are brought up to date before the first request (then every few minutes).
    const { analyzed, ginPages } = await maintainEmbeddedDatabase(connection.db);
    if (analyzed.length > 0) log(`statistics refreshed for ${analyzed.length} table(s)`);
    if (ginPages > 0) log(`${ginPages} pending page(s) merged into GIN indexes`);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}

/**
 * Opens the database the environment describes and brings its schema up to date (loading
 * demo data is the start-up path's job: src/lib/seed/demo/seed.server.ts):
 * - embedded: PGlite under PGLITE_DIR; bootstrap and migrations;
 * - self-hosted (DATABASE_URL, no SUPABASE_URL): bootstrap and pending migrations;
 * - Supabase: checks that no applied migration was edited (migrations are deployed with
 *   `npm run db:migrate`); skipped on Vercel, where the SQL files are not deployed.
 */
export async function connectFromEnv(env: Env = getEnv()): Promise<DatabaseConnection> {
  // The Vercel build leaves the embedded database out (platform.server.ts); the environment
  // check refuses Vercel without DATABASE_URL before this.
  if (!env.DATABASE_URL) {
    return ON_VERCEL
      ? Promise.reject(new DatabaseUnavailableError('No DATABASE_URL on Vercel'))
      : import('./pglite.server.ts').then((embedded) => openEmbedded(embedded, env));
  }

  const connection = openPostgres(
    env.DATABASE_URL,
    env.DATABASE_POOL_MAX,
    preparedStatementsFor(env.DATABASE_URL, env.DATABASE_PREPARED_STATEMENTS),
  );
  if (ON_VERCEL || env.VERCEL) return connection;
  try {
    const files = await readMigrationFiles();
    if (env.mode === 'self-hosted') {
      const bootstrapSql = await readFile(BOOTSTRAP_FILE, 'utf8');
      await migrate(connection.db, { files, bootstrapSql, log });
    } else {
      const { pending } = await migrationStatus(connection.db, files);
      if (pending.length > 0) {
        log(
          `${pending.length} migration(s) not applied yet (${pending.map((f) => f.name).join(', ')}): run npm run db:migrate`,
        );
      }
    }
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}

/** Replaces how the process connects (tests point it at an in-memory database). */
export function setConnector(connector: Connector): void {
  const state = registry();
  state.connector = connector;
  state.connection = undefined;
}

/** The shared connection, opened and prepared on first use. */
export function getDatabase(): Promise<DatabaseConnection> {
  const state = registry();
  state.connection ??= (state.connector ?? connectFromEnv)().catch((error: unknown) => {
    // Forget the failure so that a later request tries again: the database may come back.
    state.connection = undefined;
    if (error instanceof DatabaseUnavailableError || !isDatabaseUnavailable(error)) throw error;
    throw new DatabaseUnavailableError('The database is unreachable.', { cause: error });
  });
  return state.connection;
}

export async function getDb(): Promise<Kysely<Database>> {
  return (await getDatabase()).db;
}

/**
 * Forgets the connector and the connection without closing them. For a test runner whose
 * files share this module: each file closes what it opened, and the next one must not
 * find (and close again) what the last one left.
 */
export function forgetDatabase(): void {
  const state = registry();
  state.connector = undefined;
  state.connection = undefined;
}

export async function closeDatabase(): Promise<void> {
  const state = registry();
  const pending = state.connection;
  state.connection = undefined;
  if (pending) await (await pending.catch(() => undefined))?.close();
}
