import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { REMOTE_TIMEOUT_MS } from '../config/remote-timeouts.ts';
import type { Database } from './schema.ts';
import { namingClient } from './prepared-statements.server.ts';

/**
 * One Kysely instance over `pg` for every mode: a pg Pool on DATABASE_URL here, the embedded
 * PGlite (pglite.server.ts, loaded only when DATABASE_URL is unset) otherwise. Queries are
 * named prepared statements on the embedded thread and on PostgreSQL unless DATABASE_URL is a
 * transaction pooler (prepared-statements.server.ts).
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
