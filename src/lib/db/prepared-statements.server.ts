import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Named prepared statements for the app's queries (docs/decisions/prepared-statements.md).
 * node-postgres sends a query without a name as the unnamed statement, which PostgreSQL
 * parses and plans again on every execution: on the game page that was as much time as
 * executing. Given a name, each connection parses a statement once and PostgreSQL keeps
 * its plan (a generic one after five executions when that is as good). Supabase's
 * transaction pooler hands each transaction to any backend and refuses them, so they are
 * off there (`preparedStatementsFor`).
 */

/** Only plain data statements are named: DDL, transaction control and SET stay one-off. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** A bound on what each connection keeps: statements past it run unnamed, as before. */
export const MAX_NAMED_PER_CONNECTION = 500;
/** Longer texts are generated (imports, bulk writes): each one is rarely seen twice. */
const MAX_TEXT = 20_000;

const names = new Map<string, string>();

/** The statement's name: the same text gets the same name, on every connection. */
export function statementName(text: string, prefix = ''): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // Texts are the app's own queries, a few hundred; the bound only guards against a generator.
    if (names.size >= 5_000) names.clear();
    names.set(text, name);
  }
  return prefix + name;
}

/**
 * A pg Client that names the queries Kysely sends (`query(text, values)`), so a pool built
 * with it prepares each statement once per connection. Anything else goes through as is.
 * A client whose connection shares one engine with other sessions (the embedded thread's)
 * has a `statementPrefix` that keeps its names apart.
 */
export function namingClient(Base: typeof pg.Client): typeof pg.Client {
  return class NamingClient extends Base {
    /** The names this connection has been given, at most MAX_NAMED_PER_CONNECTION. */
    readonly #named = new Set<string>();

    // One override for every overload: only the (text, values) form Kysely uses is changed.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config === 'string' && Array.isArray(values) && config.length <= MAX_TEXT && NAMEABLE.test(config)) {
        const name = statementName(config, (this as { statementPrefix?: string }).statementPrefix);
        if (this.#named.has(name) || this.#named.size < MAX_NAMED_PER_CONNECTION) {
          this.#named.add(name);
          return super.query({ name, text: config, values }, callback);
        }
      }
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- any other overload, its arguments as they came
      return super.query(config, values, callback);
    }
  };
}

export type PreparedStatementsSetting = 'auto' | 'on' | 'off';

/**
 * Whether a PostgreSQL URL gets named statements: `auto` turns them off for Supabase's
 * transaction pooler (port 6543, or `pgbouncer=true` as Prisma spells it) and on elsewhere
 * (direct connections, the session pooler on 5432, a server of one's own).
 */
export function preparedStatementsFor(connectionString: string, setting: PreparedStatementsSetting): boolean {
  if (setting !== 'auto') return setting === 'on';
  const url = new URL(connectionString);
  return url.port !== '6543' && url.searchParams.get('pgbouncer') !== 'true';
}
