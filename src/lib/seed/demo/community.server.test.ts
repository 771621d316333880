import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openMigratedPostgres } from '../../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../db/connect.server.ts';
import type { Database } from '../../db/schema.ts';
import { discoverLists } from '../../lists/discover.server.ts';
import { findPublicProfile, profilePage } from '../../profiles/profiles.server.ts';
import { leaderboard } from '../../xp/leaderboard.server.ts';
import { loadDemoAccounts } from './accounts.server.ts';
import { loadDemoCatalogue } from './catalogue.server.ts';
import { loadDemoCommunity, type DemoCommunitySummary } from './community.server.ts';
import { loadDemoCritics } from './critics.server.ts';

const now = new Date('2026-11-20T10:00:00Z');

type Db = Kysely<Database>;
const rows = async <T>(db: Db, query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;

/** Rows where a kept figure differs from a recount of its source rows: none when consistent. */
async function inconsistencies(db: Db): Promise<Record<string, unknown[]>> {
  const snapshot = async (table: string) =>
    rows(db, sql<Record<string, unknown>>`select * from ${sql.table(table)} as t order by t::text`);
  // The rebuild functions recompute the kept library counts, user scores and player
  // statistics from scratch.
  const statTables = ['user_year_stats', 'user_year_genres', 'user_year_platforms', 'user_rating_counts'];
  const stats = await Promise.all(statTables.map((table) => snapshot(`public.${table}`)));
  const library = await snapshot('public.user_library_counts');
  const scores = await rows(
    db,
    sql`select game_id, review_count, rating_count, rating_sum, rating_steps from public.game_user_scores order by game_id`,
  );
  await sql`select public.rebuild_library_counts(), public.rebuild_game_user_scores(), public.rebuild_player_stats()`.execute(
    db,
  );
  const statsAgain = await Promise.all(statTables.map((table) => snapshot(`public.${table}`)));
  return {
    playerStats: statTables.filter((_, i) => JSON.stringify(stats[i]) !== JSON.stringify(statsAgain[i])),
    library: (await snapshot('public.user_library_counts')).filter(
      (row, i) => JSON.stringify(row) !== JSON.stringify(library[i]),
    ),
    scores: (
      await rows(
        db,
        sql`select game_id, review_count, rating_count, rating_sum, rating_steps from public.game_user_scores order by game_id`,
      )
    ).filter((row, i) => JSON.stringify(row) !== JSON.stringify(scores[i])),
    lists: await rows(
      db,
      sql`
      select l.id from public.user_lists l
      where l.entries_count <> (select count(*) from public.user_list_entries e where e.list_id = l.id)
         or l.likes_count <> (select count(*) from public.user_list_likes k where k.list_id = l.id)
         or l.recent_likes_count <> (select count(*) from public.user_list_likes k where k.list_id = l.id
                                      and k.created_at > now() - public.popular_list_window())`,
    ),
    // A player's following counts the players they follow (outlets are listed, not counted).
    follows: await rows(
      db,
      sql`
      with counted as (
        select 'user' as t, followed_id::text as id, count(*) as followers, 0 as following from public.user_follows group by 2
        union all select 'user', follower_id::text, 0, count(*) from public.user_follows group by 2
        union all select 'outlet', outlet_id::text, count(*), 0 from public.outlet_follows group by 2),
      recount as (select t, id, sum(followers) as followers, sum(following) as following from counted group by 1, 2)
      select r.* from recount r full join public.follow_counts c on c.subject_type = r.t and c.subject_id = r.id
      where coalesce(r.followers, 0) <> coalesce(c.followers, 0) or coalesce(r.following, 0) <> coalesce(c.following, 0)`,
    ),
    xp: await rows(
      db,
      sql`
      select x.user_id from public.user_xp x
      left join (select user_id, sum(points) as points from public.xp_ledger group by 1) l on l.user_id = x.user_id
      where x.total <> coalesce(l.points, 0)`,
    ),
    periods: await rows(
      db,
      sql`
      with ledger as (select user_id, created_at at time zone 'utc' as at, points, kind from public.xp_ledger),
      recount as (
        select 'week' as period, date_trunc('week', at)::date as starts, user_id, sum(points) as points from ledger group by 2, 3
        union all select 'month', date_trunc('month', at)::date, user_id, sum(points) from ledger group by 2, 3)
      select r.* from recount r join public.xp_periods p using (period, starts, user_id) where p.points <> r.points`,
    ),
    helpful: await rows(
      db,
      sql`select r.id from public.user_reviews r
          where r.helpful_count <> (select count(*) from public.user_review_votes v where v.review_id = r.id)`,
    ),
    reviewPlatforms: await rows(
      db,
      sql`
      with recount as (select game_id, platform_id, count(*) as n from public.user_reviews
                        where platform_id is not null and not hidden group by 1, 2)
      select * from recount r full join public.game_user_review_platforms k using (game_id, platform_id)
      where coalesce(r.n, 0) <> coalesce(k.review_count, 0)`,
    ),
  };
}

async function checkSeeded(db: Db, summary: DemoCommunitySummary) {
  expect(summary.players).toBe(40);
  expect(summary.reviews).toBeGreaterThan(40);
  expect(summary.lists).toBe(26);
  const [counts] = await rows(
    db,
    sql<Record<string, number>>`
    select
      (select count(*)::int from public.profiles where full_name like 'Demo player %' and username like 'demo\\_%') as players,
      (select count(*)::int from auth.users where email like '%@community.demo.invalid' and encrypted_password is null) as passwordless,
      (select count(*)::int from auth.identities i join auth.users u on u.id = i.user_id where u.email like '%.invalid') as identities,
      (select count(*)::int from public.user_reviews r where not exists (
         select 1 from public.user_subscriptions s join public.subscription_plans p on p.id = s.plan_id
          where s.user_id = r.user_id and s.status = 'active' and p.name = 'premium')) as non_premium_reviews,
      (select count(*)::int from public.profiles p join auth.users u on u.id = p.id
        where p.username like 'demo\\_%' and p.full_name like 'Demo player %' and p.created_at = u.created_at and u.created_at < ${now}) as dated_profiles,
      (select count(*)::int from public.user_follows where follower_id = followed_id) as self_follows,
      (select count(*)::int from public.user_list_likes k join public.user_lists l on l.id = k.list_id where k.user_id = l.user_id) as own_likes,
      (select count(*)::int from public.user_review_votes v join public.user_reviews r on r.id = v.review_id where v.user_id = r.user_id) as own_votes,
      (select count(*)::int from public.activity_events where created_at > ${now}) as future_events,
      (select count(*)::int from public.user_list_likes where in_window) as recent_likes`,
  );
  expect(counts).toEqual({
    players: 40,
    passwordless: 40,
    identities: 0,
    non_premium_reviews: 0,
    dated_profiles: 40,
    self_follows: 0,
    own_likes: 0,
    own_votes: 0,
    future_events: 0,
    recent_likes: expect.any(Number) as number,
  });
  expect(await inconsistencies(db)).toEqual({
    playerStats: [],
    library: [],
    scores: [],
    lists: [],
    follows: [],
    xp: [],
    periods: [],
    helpful: [],
    reviewPlatforms: [],
  });
}

describe('loadDemoCommunity on the embedded database', () => {
  let connection: DatabaseConnection;
  let summary: DemoCommunitySummary;
  beforeAll(async () => {
    connection = await createTestDatabase({ demo: true, accounts: true, anchor: now });
    summary = await loadDemoCommunity(connection.db, now);
  }, 120_000);
  afterAll(() => connection.close());

  it('writes labelled, passwordless players and keeps every derived figure equal to a recount', async () => {
    await checkSeeded(connection.db, summary);
  });

  it('records each action as activity at its own moment, from which XP and levels follow', async () => {
    const kinds = await rows(
      connection.db,
      sql<{
        kind: string;
        n: number;
      }>`select kind, count(*)::int as n from public.activity_events group by 1 order by 1`,
    );
    const count = Object.fromEntries(kinds.map((row) => [row.kind, row.n]));
    expect(count.review_published).toBe(summary.reviews);
    expect(count.list_created).toBe(summary.lists);
    expect(count.list_liked).toBe(summary.likes);
    expect(count.review_voted_helpful).toBe(summary.votes);
    expect(count.user_followed).toBe(summary.follows);
    expect(count.outlet_followed).toBe(summary.outletFollows);
    expect(count.level_up).toBeGreaterThan(10);
    const board = await leaderboard(connection.db, 'all', now);
    expect(board.length).toBeGreaterThan(20);
    expect(await leaderboard(connection.db, 'week', now)).not.toEqual([]);
  });

  it('gives the Free demo account players to follow whose activity is public', async () => {
    const [feed] = await rows(
      connection.db,
      sql<{ followed: number; events: number }>`
      select count(distinct f.followed_id)::int as followed, count(e.id)::int as events
      from public.user_follows f join public.profiles me on me.id = f.follower_id and me.username = 'demo_free'
      join public.activity_events e on e.actor_id = f.followed_id and e.is_public`,
    );
    expect(feed!.followed).toBe(8);
    expect(feed!.events).toBeGreaterThan(50);
  });

  it('never shows a private demo player to others: no profile details, lists or leaderboard rows', async () => {
    const hidden = await rows(
      connection.db,
      sql<{ id: string; username: string }>`select p.id, p.username from public.profiles p
        join public.profile_settings s on s.user_id = p.id and s.is_private`,
    );
    expect(hidden).toHaveLength(2);
    const ids = new Set(hidden.map((row) => row.id));
    for (const period of ['all', 'month', 'week'] as const)
      expect((await leaderboard(connection.db, period, now)).filter((row) => ids.has(row.userId))).toEqual([]);
    for (const sort of ['popular', 'recent'] as const) {
      const lists = await discoverLists(connection.db, { sort, q: '', page: 1, pageSize: 100 });
      expect(lists.items.length).toBeGreaterThan(10);
      expect(lists.items.filter((list) => ids.has(list.userId))).toEqual([]);
    }
    for (const row of hidden) {
      const profile = (await findPublicProfile(connection.db, row.username))!;
      expect((await profilePage(connection.db, profile)).details).toBeNull();
    }
    const [exposed] = await rows(
      connection.db,
      sql<{ n: number }>`
      select count(*)::int as n from public.user_follows f join public.profile_settings s on s.user_id = f.followed_id and s.is_private`,
    );
    expect(exposed!.n).toBe(0);
  });
});

describe('loadDemoCommunity on PostgreSQL', () => {
  it('loads the same community, consistently', async () => {
    const connection = await openMigratedPostgres(2);
    if (!connection) return;
    try {
      await loadDemoCatalogue(connection.db);
      await loadDemoCritics(connection.db, now);
      await loadDemoAccounts(connection.db, now);
      await checkSeeded(connection.db, await loadDemoCommunity(connection.db, now));
    } finally {
      await connection.close();
    }
  }, 180_000);
});
