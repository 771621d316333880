import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import { openPostgres, type DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { openPglite } from '../../src/lib/db/pglite.server.ts';
import { loadDemoAccounts } from '../../src/lib/seed/demo/accounts.server.ts';
import { loadDemoCatalogue } from '../../src/lib/seed/demo/catalogue.server.ts';
import { loadDemoCritics } from '../../src/lib/seed/demo/critics.server.ts';
import { BOOTSTRAP_FILE, migrate, readMigrationFiles } from '../../src/lib/db/migrations.server.ts';
import { clusterBlob } from './global-setup.ts';

/**
 * A fresh, migrated, in-memory PGlite for one test file (started from the template the
 * global setup built). Close it in afterAll. `demo` loads the demo catalogue and the
 * demo critics (anchored at `anchor`, default now); `critics: false` leaves the critics
 * out; `accounts` adds the demo accounts too, as a first embedded start does.
 */
export async function createTestDatabase(
  options: { demo?: boolean; critics?: boolean; accounts?: boolean; anchor?: Date } = {},
): Promise<DatabaseConnection> {
  const connection = await openPglite('memory://', { loadDataDir: await pgliteTemplate() });
  if (options.demo) {
    await loadDemoCatalogue(connection.db);
    if (options.critics !== false) await loadDemoCritics(connection.db, options.anchor);
    if (options.accounts) await loadDemoAccounts(connection.db);
  }
  return connection;
}

/** The migrated cluster the global setup saved, for PGlite's `loadDataDir`. */
export const pgliteTemplate = (): Promise<Blob> => clusterBlob(inject('pgliteTemplate'));

/** The empty cluster (as initdb leaves it) the global setup saved, for PGlite's `loadDataDir`. */
export const pgliteEmptyTemplate = (): Promise<Blob> => clusterBlob(inject('pgliteEmptyTemplate'));

/** An empty, unmigrated in-memory PGlite (for migration runner tests). */
export async function createEmptyPglite(): Promise<DatabaseConnection> {
  return openPglite('memory://', { loadDataDir: await pgliteEmptyTemplate() });
}

/**
 * A brand-new empty database on the PostgreSQL server at TEST_DATABASE_URL, dropped again
 * by the returned connection's close(). Undefined when TEST_DATABASE_URL is not set.
 */
export async function createEmptyPostgres(): Promise<DatabaseConnection | undefined> {
  const database = await createServerDatabase();
  return database && openDroppingOnClose(database, 2);
}

/** Like createMigratedPostgres, opened: a pool of `max` connections whose close() drops the database. */
export async function openMigratedPostgres(max: number): Promise<DatabaseConnection | undefined> {
  const database = await createMigratedPostgres();
  return database && openDroppingOnClose(database, max);
}

function openDroppingOnClose(database: { url: string; drop(): Promise<void> }, max: number): DatabaseConnection {
  const connection = openPostgres(database.url, max);
  return {
    ...connection,
    async close() {
      await connection.close();
      await database.drop();
    },
  };
}

/** A new, empty database on the TEST_DATABASE_URL server, with its URL and a way to drop it. */
async function createServerDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `critical_hit_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(serverUrl, 1);
  await sql.raw(`create database ${name}`).execute(admin.db);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
      await admin.close();
    },
  };
}

/**
 * A brand-new migrated database on the PostgreSQL server at TEST_DATABASE_URL that several
 * connections (several "servers") can open; `drop()` removes it once they are closed.
 * Undefined when TEST_DATABASE_URL is not set.
 */
export async function createMigratedPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const database = await createServerDatabase();
  if (!database) return undefined;
  const connection = openPostgres(database.url, 1);
  try {
    await migrate(connection.db, {
      files: await readMigrationFiles(),
      bootstrapSql: await readFile(BOOTSTRAP_FILE, 'utf8'),
    });
  } finally {
    await connection.close();
  }
  return database;
}

/**
 * Runs `work` in one transaction as an API role (anon, or a signed-in user whose JWT
 * claims are set the way PostgREST sets them), so RLS and grants apply as they would to
 * a request made with Supabase's public anon key.
 */
export async function asRole<T>(
  connection: DatabaseConnection,
  role: { kind: 'anon' } | { kind: 'authenticated'; userId: string },
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return connection.db.transaction().execute(async (trx) => {
    if (role.kind === 'authenticated') {
      const claims = JSON.stringify({ sub: role.userId, role: 'authenticated' });
      await sql`select set_config('request.jwt.claims', ${claims}, true)`.execute(trx);
      await sql`set local role authenticated`.execute(trx);
    } else {
      await sql`set local role anon`.execute(trx);
    }
    return work(trx);
  });
}
