import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * The bench's community data for play statuses and custom lists, generated in SQL from
 * the users and games already loaded (deterministic: the same users and games give the
 * same rows). The first user is the heavy one (`heavyUserGames` statuses) and owns the
 * first list (`longListEntries` entries, the reorder benchmark); everyone else gets
 * `statusesPerUser` statuses, lists go round the users. Every `likedListsEvery`-th list that
 * is not private gets up to `likesPerListMax` likes from other players, dated over the 90
 * days before the load (so about a third fall in the popular window). Count triggers are
 * off during the load and the kept counts are computed once at the end.
 */
export interface CommunityListsOptions {
  statusesPerUser: number;
  heavyUserGames: number;
  lists: number;
  entriesPerList: number;
  longListEntries: number;
  likedListsEvery: number;
  likesPerListMax: number;
}

export const BENCH_COMMUNITY_LISTS: CommunityListsOptions = {
  statusesPerUser: 10,
  heavyUserGames: 2000,
  lists: 100_000,
  entriesPerList: 20,
  longListEntries: 1000,
  likedListsEvery: 4,
  likesPerListMax: 12,
};

type Trx = Transaction<Database>;

/**
 * Runs a bulk load with the tables' secondary indexes dropped and built again afterwards, in
 * the caller's transaction: building an index once from the loaded rows (a sort) is several
 * times faster than inserting a million rows into each index as they come. Indexes backing
 * a constraint (primary keys, unique keys) stay, so the load is still checked.
 */
async function withSecondaryIndexesRebuilt<T>(trx: Trx, tables: string[], load: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select format('%I.%I', i.schemaname, i.indexname) as name, i.indexdef as definition
    from pg_catalog.pg_indexes i
    where i.schemaname = 'public' and i.tablename = any(${tables}::text[])
      and not exists (select 1 from pg_catalog.pg_constraint c where c.conname = i.indexname and c.connamespace = 'public'::regnamespace)`.execute(
    trx,
  );
  for (const index of rows) await sql`drop index ${sql.raw(index.name)}`.execute(trx);
  const result = await load();
  for (const index of rows) await sql.raw(index.definition).execute(trx);
  return result;
}

export async function generateCommunityLists(
  db: Kysely<Database>,
  options: CommunityListsOptions = BENCH_COMMUNITY_LISTS,
): Promise<{ statuses: number; lists: number; entries: number; likes: number }> {
  const tables = ['user_games', 'user_lists', 'user_list_entries', 'user_list_likes'];
  return db.transaction().execute((trx) =>
    withSecondaryIndexesRebuilt(trx, tables, async () => {
      await sql`create temporary table bench_users on commit drop as
              select row_number() over (order by id) as n, id from auth.users`.execute(trx);
      await sql`create temporary table bench_games on commit drop as
              select row_number() over (order by id) - 1 as n, id from public.games`.execute(trx);
      await sql`create index on bench_games (n)`.execute(trx);
      const { users, games } = (
        await sql<{
          users: number;
          games: number;
        }>`select (select count(*)::int from bench_users) as users, (select count(*)::int from bench_games) as games`.execute(
          trx,
        )
      ).rows[0]!;
      if (users === 0 || games === 0) return { statuses: 0, lists: 0, entries: 0, likes: 0 };

      // A million rows in one statement: the kept library counts are rebuilt once after them
      // instead of by a trigger call per row.
      await sql`alter table public.user_games disable trigger user_games_library_counts`.execute(trx);
      await sql`alter table public.user_games disable trigger user_games_player_stats`.execute(trx);
      const statuses = await sql`
      insert into public.user_games (user_id, game_id, status, wishlist, favourite, hours_played, updated_at)
      select u.id, g.id,
             (array['playing','played','completed','backlog','shelved','abandoned'])[1 + (u.n + j) % 6],
             (u.n + j) % 7 = 0, (u.n + j) % 11 = 0,
             case when (u.n + j) % 3 = 0 then ((u.n * 31 + j * 17) % 2000) / 10.0 end,
             timestamptz '2026-01-01' + make_interval(mins => ((u.n * 7919 + j * 104729) % 500000)::int)
      from bench_users u
      cross join lateral generate_series(0, case when u.n = 1 then ${sql.lit(Math.min(options.heavyUserGames, games))} else ${sql.lit(Math.min(options.statusesPerUser, games))} end - 1) as j
      join bench_games g on g.n = (u.n * ${sql.lit(options.statusesPerUser)} + j) % ${sql.lit(games)}
      order by u.id, g.id
      on conflict do nothing`.execute(trx);
      await sql`alter table public.user_games enable trigger user_games_library_counts`.execute(trx);
      await sql`alter table public.user_games enable trigger user_games_player_stats`.execute(trx);
      await sql`select public.rebuild_library_counts()`.execute(trx);

      await sql`alter table public.user_lists disable trigger user_lists_set_updated_at`.execute(trx);
      await sql`alter table public.user_lists disable trigger user_lists_player_stats`.execute(trx);
      await sql`alter table public.user_list_entries disable trigger user_list_entries_count`.execute(trx);
      await sql`
      insert into public.user_lists (user_id, title, slug, description, visibility, ranked, created_at, updated_at)
      select u.id, 'Synthetic list ' || l, 'synthetic-list-' || l, 'Bench data: an invented list.',
             (array['public','public','unlisted','private'])[1 + l % 4], l % 2 = 0,
             timestamptz '2026-01-01' + make_interval(mins => l), timestamptz '2026-01-01' + make_interval(mins => l)
      from generate_series(1, ${sql.lit(options.lists)}) as l
      join bench_users u on u.n = 1 + (l - 1) % ${sql.lit(users)}
      on conflict do nothing`.execute(trx);
      const entries = await sql`
      insert into public.user_list_entries (list_id, game_id, position)
      select ul.id, g.id, p + 1
      from (select id, row_number() over (order by id) as l from public.user_lists where slug like 'synthetic-list-%') ul
      cross join lateral generate_series(0, case when ul.l = 1 then ${sql.lit(Math.min(options.longListEntries, games))} else ${sql.lit(Math.min(options.entriesPerList, games))} end - 1) as p
      join bench_games g on g.n = (ul.l * ${sql.lit(options.entriesPerList)} + p) % ${sql.lit(games)}
      order by ul.id, g.id
      on conflict do nothing`.execute(trx);
      // The likes' window trigger stays on: it dates each like in or out of the window.
      await sql`alter table public.user_list_likes disable trigger user_list_likes_count`.execute(trx);
      const likes = await sql`
      insert into public.user_list_likes (list_id, user_id, created_at)
      select ul.id, u.id, now() - make_interval(hours => ((ul.l * 131 + k * 977) % (90 * 24))::int)
      from (select id, user_id, row_number() over (order by id) as l from public.user_lists where slug like 'synthetic-list-%' and visibility <> 'private') ul
      cross join lateral generate_series(1, (ul.l * 7919) % ${sql.lit(options.likesPerListMax + 1)}) as k
      join bench_users u on u.n = 1 + (ul.l * 53 + k * 101) % ${sql.lit(users)}
      where ul.l % ${sql.lit(options.likedListsEvery)} = 0 and u.id <> ul.user_id
      order by ul.id, u.id
      on conflict do nothing`.execute(trx);
      // Every kept count in one pass, so each list row is rewritten once.
      await sql`update public.user_lists ul
              set entries_count = e.n, likes_count = coalesce(k.n, 0), recent_likes_count = coalesce(k.recent, 0)
              from (select list_id, count(*)::int as n from public.user_list_entries group by list_id) e
              left join (select list_id, count(*)::int as n, (count(*) filter (where in_window))::int as recent from public.user_list_likes group by list_id) k
                on k.list_id = e.list_id
              where e.list_id = ul.id`.execute(trx);
      await sql`alter table public.user_list_entries enable trigger user_list_entries_count`.execute(trx);
      await sql`alter table public.user_list_likes enable trigger user_list_likes_count`.execute(trx);
      await sql`alter table public.user_lists enable trigger user_lists_set_updated_at`.execute(trx);
      await sql`alter table public.user_lists enable trigger user_lists_player_stats`.execute(trx);
      // The players' stats (their library rows and lists) in one pass, as the counts above.
      await sql`select public.rebuild_player_stats()`.execute(trx);
      const lists = (
        await sql<{
          n: number;
        }>`select count(*)::int as n from public.user_lists where slug like 'synthetic-list-%'`.execute(trx)
      ).rows[0]!.n;
      return {
        statuses: Number(statuses.numAffectedRows ?? 0),
        lists,
        entries: Number(entries.numAffectedRows ?? 0),
        likes: Number(likes.numAffectedRows ?? 0),
      };
    }),
  );
}
