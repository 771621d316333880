import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  LOOKUP_STEPS,
  ONE_AT_A_TIME,
  READ_HEAVY_STEPS,
  runInSteps,
  type StepOptions,
} from '../db/bounded-steps.server.ts';
import { audit } from './admin.server.ts';

type Db = Kysely<Database>;

export interface TableSize {
  name: string;
  rows: number;
  bytes: number;
}

/** Every table of the site's schemas with its exact row count and size on disk (data, indexes, TOAST). */
export async function tableSizes(db: Db): Promise<TableSize[]> {
  const tables = await sql<{ name: string; bytes: string }>`
    select format('%I.%I', n.nspname, c.relname) as name, pg_total_relation_size(c.oid)::text as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('public', 'app_meta', 'auth', 'storage')
    order by pg_total_relation_size(c.oid) desc, 1`.execute(db);
  const sizes: TableSize[] = [];
  for (const table of tables.rows) {
    const count = await sql<{ n: string }>`select count(*)::text as n from ${sql.raw(table.name)}`.execute(db);
    sizes.push({ name: table.name, rows: Number(count.rows[0]?.n ?? 0), bytes: Number(table.bytes) });
  }
  return sizes;
}

export async function appliedMigrations(db: Db) {
  return db
    .selectFrom('app_meta.schema_migrations')
    .select(['name', 'checksum', 'applied_at'])
    .orderBy('name')
    .execute();
}

export interface SlowQuery {
  query: string;
  calls: number;
  meanMs: number;
  totalMs: number;
}

/** The slowest statements by mean time, or null when pg_stat_statements is not installed. */
export async function slowestQueries(db: Db, limit = 10): Promise<SlowQuery[] | null> {
  const installed = await sql<{
    schema: string;
  }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_stat_statements'`.execute(
    db,
  );
  const schema = installed.rows[0]?.schema;
  if (!schema) return null;
  try {
    const rows = await sql<{ query: string; calls: string; mean: number; total: number }>`
      select query, calls::text as calls, mean_exec_time as mean, total_exec_time as total
      from ${sql.table(`${schema}.pg_stat_statements`)} order by mean_exec_time desc limit ${limit}`.execute(db);
    return rows.rows.map((row) => ({
      query: row.query.slice(0, 500),
      calls: Number(row.calls),
      meanMs: Number(row.mean),
      totalMs: Number(row.total),
    }));
  } catch {
    // Installed but not loaded (shared_preload_libraries): as good as absent.
    return null;
  }
}

export interface AggregateDifference {
  table: string;
  key: string;
  kept: string;
  recomputed: string;
}

const MAX_LISTED = 200;

/** The first and last id of a run of ascending ids. */
const span = (ids: readonly number[]) => [ids[0]!, ids[ids.length - 1]!] as const;

/** The games in `first..last` whose kept critic sums differ from their counted reviews. */
async function criticStatDifferences(db: Db, first: number, last: number): Promise<AggregateDifference[]> {
  const stats = await sql<{ game_id: number; kept: string | null; recomputed: string | null }>`
    with fresh as (
      select game_id, count(*) filter (where kind = 'review') as review_count,
        count(score) filter (where kind = 'review') as scored_count,
        coalesce(sum(score) filter (where kind = 'review'), 0) as score_sum,
        count(*) filter (where kind = 'preview') as preview_count
      from public.critic_reviews where counted and game_id between ${first} and ${last} group by game_id
    ), kept as (
      select * from public.game_critic_stats where game_id between ${first} and ${last}
    )
    select coalesce(s.game_id, f.game_id) as game_id,
      case when s.game_id is null then null else concat_ws('/', s.review_count, s.scored_count, s.score_sum, s.preview_count) end as kept,
      case when f.game_id is null then null else concat_ws('/', f.review_count, f.scored_count, f.score_sum, f.preview_count) end as recomputed
    from kept s full join fresh f on f.game_id = s.game_id
    where s.game_id is null and (f.review_count + f.preview_count) > 0
       or f.game_id is null and (s.review_count + s.preview_count) > 0
       or (s.review_count, s.scored_count, s.score_sum, s.preview_count) is distinct from (f.review_count, f.scored_count, f.score_sum, f.preview_count)
          and s.game_id is not null and f.game_id is not null
    order by 1 limit ${MAX_LISTED}`.execute(db);
  return stats.rows.map((row) => ({
    table: 'game_critic_stats (reviews/scored/sum/previews)',
    key: `game ${row.game_id}`,
    kept: row.kept ?? 'none',
    recomputed: row.recomputed ?? 'none',
  }));
}

/**
 * Recomputes the kept aggregates from their sources and lists every difference (the
 * critic score sums per game, the votes of game requests; at most 200 of each). With
 * `repair`, the kept numbers are rebuilt afterwards. Range by range, each its own short
 * transaction (compare, then repair): the embedded database serves pages between the steps.
 */
export async function compareAggregates(
  db: Db,
  options: { repair: boolean; adminId: string; steps?: StepOptions },
): Promise<AggregateDifference[]> {
  const differences: AggregateDifference[] = [];
  const games = (await db.selectFrom('games').select('id').orderBy('id').execute()).map((row) => row.id);
  await runInSteps(
    games,
    async (ids) => {
      const [first, last] = span(ids);
      await db.transaction().execute(async (trx) => {
        if (differences.length < MAX_LISTED)
          differences.push(
            ...(await criticStatDifferences(trx, first, last)).slice(0, MAX_LISTED - differences.length),
          );
        if (options.repair)
          await sql`select public.rebuild_game_critic_stats(${first}::int, ${last}::int)`.execute(trx);
      });
    },
    options.steps ?? LOOKUP_STEPS,
  );
  const votes = await sql<{ id: number; kept: number; recomputed: string }>`
    select r.id, r.votes_count as kept, count(v.user_id)::text as recomputed
    from public.game_requests r left join public.game_request_votes v on v.request_id = r.id
    group by r.id having r.votes_count <> count(v.user_id) order by r.id limit ${MAX_LISTED}`.execute(db);
  differences.push(
    ...votes.rows.map((row) => ({
      table: 'game_requests.votes_count',
      key: `request ${row.id}`,
      kept: String(row.kept),
      recomputed: row.recomputed,
    })),
  );
  if (!options.repair) return differences;
  // Outlets after games: the games' rebuild brought every review's `counted` up to date.
  const outlets = (await db.selectFrom('outlets').select('id').orderBy('id').execute()).map((row) => row.id);
  await runInSteps(
    outlets,
    async (ids) => {
      const [first, last] = span(ids);
      await sql`select public.rebuild_outlet_critic_stats(${first}::int, ${last}::int)`.execute(db);
    },
    options.steps ?? READ_HEAVY_STEPS,
  );
  await sql`update public.game_requests r set votes_count = (select count(*) from public.game_request_votes v where v.request_id = r.id)
    where votes_count <> (select count(*) from public.game_request_votes v where v.request_id = r.id)`.execute(db);
  await audit(db, {
    adminId: options.adminId,
    action: 'maintenance.recompute',
    subjectType: 'database',
    subjectId: 'aggregates',
    after: { differences: differences.length },
  });
  return differences;
}

/**
 * Rebuilds the typeahead's word dictionary from the titles, in short steps so the site keeps
 * being served: first every word of the titles is added (a run of games a statement), then
 * every word no title has any more is removed (a run of words a statement, each checked
 * against the titles' word index). The dictionary is whole at every moment in between.
 * Returns how many words it holds.
 */
export async function rebuildSearchDictionary(db: Db, adminId: string): Promise<number> {
  const games = (await db.selectFrom('games').select('id').orderBy('id').execute()).map((row) => row.id);
  await runInSteps(
    games,
    async (ids) => {
      await sql`insert into public.search_words (word) select distinct unnest(public.title_words(title)) from public.games where id = any(${sql.val(ids)}::int[]) on conflict do nothing`.execute(
        db,
      );
    },
    LOOKUP_STEPS,
  );
  const words = (await sql<{ word: string }>`select word from public.search_words order by word`.execute(db)).rows.map(
    (row) => row.word,
  );
  await runInSteps(
    words,
    async (chunk) => {
      await sql`delete from public.search_words w where w.word = any(${sql.val(chunk)}::text[])
      and not exists (select 1 from public.games g where public.title_words(g.title) @> array[w.word])`.execute(db);
    },
    LOOKUP_STEPS,
  );
  const { count } = await db
    .selectFrom('search_words')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  await audit(db, {
    adminId,
    action: 'maintenance.search_dictionary',
    subjectType: 'database',
    subjectId: 'search_words',
    after: { words: Number(count) },
  });
  return Number(count);
}

/**
 * VACUUM ANALYZE, one table at a time with a pause after each as long as it took: on the
 * embedded database the whole database in one statement held every other request for the
 * length of it (seconds on a large catalogue); now the longest wait is one table's. It
 * cannot run inside a transaction: the audit entry is written once it is done.
 */
export async function vacuumAnalyze(db: Db, adminId: string): Promise<void> {
  const tables = await sql<{ name: string }>`
    select format('%I.%I', n.nspname, c.relname) as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'm') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%'
    order by n.nspname, c.relname`.execute(db);
  await runInSteps(
    tables.rows,
    async ([table]) => {
      await sql`vacuum (analyze) ${sql.raw(table!.name)}`.execute(db);
    },
    ONE_AT_A_TIME,
  );
  await audit(db, { adminId, action: 'maintenance.vacuum_analyze', subjectType: 'database', subjectId: 'all' });
}
