import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The embedded database's stand-in for autovacuum's ANALYZE and GIN clean-up (docs/decisions/embedded-statistics.md).
 * PGlite runs PostgreSQL as a single backend with no autovacuum process, so nothing refreshes
 * the planner's statistics: a table filled after its last ANALYZE (a catalogue import, a
 * community that grew) keeps the estimates of its empty self, and the planner picks scans
 * meant for a few rows. On PostgreSQL autovacuum does this; the embedded server runs this at
 * start and every few minutes.
 */

/** Autovacuum's defaults: analyse once a tenth of a table has changed, past 50 rows. */
const SCALE = 0.1;
const THRESHOLD_PAGES = 2;
export const EMBEDDED_ANALYZE_EVERY_MS = 10 * 60_000;

/**
 * Tables of the app's schemas that have rows but no column statistics, or whose size moved
 * by more than a tenth since their statistics were taken, analysed one by one. PGlite
 * does not keep the per-table change counters autovacuum reads, so the size on disk against
 * the pages ANALYZE recorded stands in for them.
 */
export async function analyzeChangedTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select format('%I.%I', n.nspname, c.relname) as name
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    cross join lateral (select pg_catalog.pg_relation_size(c.oid) / pg_catalog.current_setting('block_size')::int as pages) disk
    where c.relkind in ('r', 'p', 'm')
      and n.nspname in ('public', 'auth', 'storage', 'app_meta')
      and disk.pages > 0
      -- Never analysed (CREATE INDEX records the size but no column statistics), or grown or
      -- shrunk by a tenth since.
      and (not exists (select 1 from pg_catalog.pg_statistic s where s.starelid = c.oid)
           or abs(disk.pages - c.relpages) > greatest(${THRESHOLD_PAGES}::int, ${SCALE}::float8 * c.relpages))
    order by disk.pages desc`.execute(db);
  for (const { name } of rows) await sql`analyze ${sql.raw(name)}`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Moves the rows waiting in GIN indexes' pending lists into the indexes proper. A GIN index
 * takes new rows into a pending list that every search through it reads from end to end,
 * until autovacuum merges it; without autovacuum (the embedded database has none) the list
 * only grows after a bulk load, and every typeahead search pays for reading it.
 */
export async function cleanGinPendingLists(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ pages: number }>`
    select coalesce(sum(pg_catalog.gin_clean_pending_list(c.oid)), 0)::int as pages
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_am a on a.oid = c.relam
    where c.relkind = 'i' and a.amname = 'gin' and n.nspname in ('public', 'auth', 'storage', 'app_meta')`.execute(db);
  return rows[0]?.pages ?? 0;
}

/** What autovacuum would have done since the last time: statistics, then GIN pending lists. */
export async function maintainEmbeddedDatabase(
  db: Kysely<Database>,
): Promise<{ analyzed: string[]; ginPages: number }> {
  const analyzed = await analyzeChangedTables(db);
  return { analyzed, ginPages: await cleanGinPendingLists(db) };
}
