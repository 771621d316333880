import { CompiledQuery, sql, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';

/**
 * The query-plan checker behind tests/integration/query-plans.test.ts: it records every
 * statement a page's loaders send, then checks each one on the database it ran on.
 *
 * Two views of one statement, because each misses something the other sees:
 * - `EXPLAIN (FORMAT JSON, VERBOSE)` with the statement's own parameters shows the plan
 *   the server would run, and names the node (a Seq Scan of which table, under what);
 * - the transaction's own scan counters (`pg_stat_xact_user_tables.seq_scan`) around a
 *   real run of the statement, rolled back, see inside PL/pgSQL functions
 *   (`similar_games()`), whose statements EXPLAIN shows as one opaque function call.
 */

export interface CapturedStatement {
  sql: string;
  parameters: readonly unknown[];
}

export interface QueryCapture {
  /** The database to hand to the loaders: the same connection, with a recorder attached. */
  db: Kysely<Database>;
  /** Statements executed since the last `take()`, in the order they completed. */
  take(): CapturedStatement[];
}

/**
 * Records, through a Kysely plugin (the public seam every driver has), each statement that
 * reaches the database: query builders and `sql` templates alike. A statement only built or
 * compiled, never executed, is not counted. Production code never sees the plugin.
 */
export function captureQueries(db: Kysely<Database>): QueryCapture {
  const pending = new Map<QueryId, RootOperationNode>();
  let executed: CapturedStatement[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      pending.set(queryId, node);
      return node;
    },
    async transformResult({ queryId, result }) {
      const node = pending.get(queryId);
      pending.delete(queryId);
      if (node) {
        const compiled = instrumented.getExecutor().compileQuery(node, queryId);
        executed.push({ sql: compiled.sql, parameters: compiled.parameters });
      }
      return result;
    },
  };
  const instrumented = db.withPlugin(plugin);
  return {
    db: instrumented,
    take() {
      const taken = executed;
      executed = [];
      return taken;
    },
  };
}

/** Tables of at least this many rows (planner estimate after ANALYZE) must not be read whole. */
export type TableSizes = ReadonlyMap<string, number>;

/** Row estimates of every user table, keyed `schema.table`. Run ANALYZE first. */
export async function tableSizes(db: Kysely<Database>): Promise<TableSizes> {
  const { rows } = await sql<{ name: string; rows: number }>`
    select n.nspname || '.' || c.relname as name, greatest(c.reltuples, 0)::float8 as rows
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`.execute(
    db,
  );
  return new Map(rows.map((row) => [row.name, Number(row.rows)]));
}

export interface SeqScanFinding {
  table: string;
  rows: number;
  /** 'plan': a Seq Scan node in EXPLAIN; 'run': the scan counter moved (e.g. inside a function). */
  seen: 'plan' | 'run';
  /** The plan node's filter, when the plan shows one. */
  filter?: string;
}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  Schema?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** Every Seq Scan node of an EXPLAIN (FORMAT JSON, VERBOSE) plan, sub-plans and init-plans included. */
export function seqScansInPlan(plan: PlanNode): { table: string; filter?: string }[] {
  const found: { table: string; filter?: string }[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) {
      found.push({
        table: `${node.Schema ?? 'public'}.${node['Relation Name']}`,
        ...(node.Filter ? { filter: node.Filter } : {}),
      });
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return found;
}

/** Statements EXPLAIN accepts; anything else (SET, set_config calls are selects and pass) is counted but not planned. */
const EXPLAINABLE = /^\s*(\(\s*)?(with|select|insert|update|delete|values|table)\b/i;

export function isExplainable(statement: CapturedStatement): boolean {
  return EXPLAINABLE.test(statement.sql);
}

/** The plan of one statement with its own parameters, as the server would choose it for this call. */
export async function explain(db: Kysely<Database>, statement: CapturedStatement): Promise<PlanNode> {
  const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (format json, verbose) ${statement.sql}`, [...statement.parameters]),
  );
  const raw = result.rows[0]?.['QUERY PLAN'];
  const document = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return document[0]!.Plan;
}

/**
 * A captured parameter as an SQL literal, for EXECUTE (which takes no bound parameters).
 * Only the test's own generated values pass through here.
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text =
    value instanceof Date
      ? value.toISOString()
      : Array.isArray(value)
        ? `{${value.map((item) => JSON.stringify(item)).join(',')}}`
        : typeof value === 'string'
          ? value
          : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

let prepared = 0;

/**
 * How the server plans a statement it is sent again and again, as every named statement is
 * in production (docs/decisions/prepared-statements.md): a custom plan for each of the first
 * five runs, then one generic plan kept for good, unless the generic plan looks dearer (a
 * partial index it cannot use, say: docs/decisions/generic-plans.md), in which case every
 * run is planned again. Runs the statement `runs` times on one connection and counts.
 */
export async function planCounts(
  db: Kysely<Database>,
  statement: CapturedStatement,
  runs = 7,
): Promise<{ generic: number; custom: number }> {
  const name = `plan_check_${(prepared += 1)}`;
  return db.connection().execute(async (connection) => {
    await sql.raw(`prepare ${name} as ${statement.sql}`).execute(connection);
    try {
      const args = statement.parameters.length > 0 ? `(${statement.parameters.map(literal).join(', ')})` : '';
      for (let run = 0; run < runs; run += 1) await sql.raw(`execute ${name}${args}`).execute(connection);
      const { rows } = await sql<{ generic: string; custom: string }>`
        select generic_plans::text as generic, custom_plans::text as custom from pg_catalog.pg_prepared_statements where name = ${name}`.execute(
        connection,
      );
      return { generic: Number(rows[0]?.generic ?? 0), custom: Number(rows[0]?.custom ?? 0) };
    } finally {
      await sql.raw(`deallocate ${name}`).execute(connection);
    }
  });
}

class RolledBack extends Error {}

/**
 * Runs the statement for real inside a transaction that is always rolled back, and returns
 * the tables whose sequential-scan counter it moved. This sees the statements PL/pgSQL
 * functions run, which EXPLAIN does not. Read-only page statements are what it is for.
 */
export async function seqScansWhenRun(
  db: Kysely<Database>,
  statement: CapturedStatement,
): Promise<Map<string, number>> {
  const counters = async (trx: Kysely<Database>) =>
    new Map(
      (
        await sql<{ name: string; scans: string }>`
          select schemaname || '.' || relname as name, seq_scan::text as scans from pg_catalog.pg_stat_xact_user_tables`.execute(
          trx,
        )
      ).rows.map((row) => [row.name, Number(row.scans)]),
    );
  let moved = new Map<string, number>();
  try {
    await db.transaction().execute(async (trx) => {
      const before = await counters(trx);
      await trx.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters]));
      const after = await counters(trx);
      moved = new Map(
        [...after]
          .filter(([name, scans]) => scans > (before.get(name) ?? 0))
          .map(([name, scans]) => [name, scans - (before.get(name) ?? 0)]),
      );
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return moved;
}

/** A sequential scan a page may do, and why that is right. */
export interface AllowedSeqScan {
  /** The page's route pattern, or '*' for every page. */
  page: string;
  table: string;
  /** Only on this database, when the other one plans the statement with an index. */
  on?: 'pglite' | 'postgres';
  reason: string;
}

export interface StatementReport {
  statement: CapturedStatement;
  seqScans: SeqScanFinding[];
}

/**
 * Checks one statement: every sequential scan of a table of at least `largeTableRows`
 * rows, in its plan or in its run, that no entry of `allowed` covers for `page`.
 */
export async function checkStatement(
  db: Kysely<Database>,
  statement: CapturedStatement,
  options: {
    page: string;
    kind?: 'pglite' | 'postgres';
    sizes: TableSizes;
    largeTableRows: number;
    allowed: readonly AllowedSeqScan[];
  },
): Promise<StatementReport> {
  const large = (table: string) => (options.sizes.get(table) ?? 0) >= options.largeTableRows;
  const allowed = (table: string) =>
    options.allowed.some(
      (a) =>
        a.table === table &&
        (a.page === '*' || a.page === options.page) &&
        (a.on === undefined || a.on === options.kind),
    );
  const findings: SeqScanFinding[] = [];
  if (isExplainable(statement)) {
    for (const scan of seqScansInPlan(await explain(db, statement))) {
      if (large(scan.table) && !allowed(scan.table))
        findings.push({
          table: scan.table,
          rows: options.sizes.get(scan.table)!,
          seen: 'plan',
          ...(scan.filter ? { filter: scan.filter } : {}),
        });
    }
    for (const table of (await seqScansWhenRun(db, statement)).keys()) {
      if (large(table) && !allowed(table) && !findings.some((f) => f.table === table))
        findings.push({ table, rows: options.sizes.get(table)!, seen: 'run' });
    }
  }
  return { statement, seqScans: findings };
}

/** One line per problem, for a failure message a person can act on. */
export function describeFindings(page: string, reports: readonly StatementReport[]): string[] {
  return reports.flatMap((report) =>
    report.seqScans.map(
      (f) =>
        `${page}: Seq Scan on ${f.table} (${Math.round(f.rows)} rows, seen in the ${f.seen === 'plan' ? 'plan' : 'run, e.g. inside a function'})` +
        `${f.filter ? ` filter ${f.filter}` : ''}\n    ${report.statement.sql.replace(/\s+/g, ' ').slice(0, 400)}`,
    ),
  );
}

/** A page over its query budget, with the statements it sent so the extra one is easy to find. */
export function budgetProblems(page: string, statements: readonly CapturedStatement[], budget: number): string[] {
  if (statements.length <= budget) return [];
  const listed = statements.map((s, i) => `    ${i + 1}. ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n');
  return [`${page}: ${statements.length} queries, budget ${budget}\n${listed}`];
}
