import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { awardXp } from '../../../xp/xp.server.ts';
import { leaderboard } from '../../../xp/leaderboard.server.ts';
import { XP_KINDS, XP_RULES } from '../../../xp/xp.ts';

type Db = Kysely<Database>;

export interface CommunityXpOptions {
  /** Ledger rows to generate, spread over every existing user (e.g. 10 000 000). */
  ledgerRows: number;
  /** The most followed outlets, and how many followers each gets. */
  topOutlets: number;
  followersPerOutlet: number;
  /** The first of the top outlets gets this many followers instead (the publish fan-out benchmark). */
  mostFollowed?: number;
}

/**
 * The bench's XP ledger and follows, set-based (generate_series), over the users already
 * generated: deterministic ledger rows over the last 60 days, then the kept totals, levels
 * and week/month points rebuilt from them once, and followers for the top outlets.
 */
export async function generateCommunityXp(db: Db, options: CommunityXpOptions): Promise<void> {
  const kinds = XP_KINDS.filter((kind) => !XP_RULES[kind].milestone);
  const points = kinds.map((kind) => XP_RULES[kind].points);
  await db.transaction().execute(async (trx) => {
    await sql`truncate public.xp_ledger, public.user_xp, public.xp_periods, public.outlet_follows, public.follow_counts`.execute(
      trx,
    );
    await sql`create temporary table bench_users on commit drop as
                select row_number() over (order by id) - 1 as n, id from auth.users`.execute(trx);
    await sql`
      insert into public.xp_ledger (user_id, kind, source, requested, points, created_at)
      select u.id, (${sql.val(kinds)}::text[])[1 + i % ${kinds.length}], 'bench:' || i,
             (${sql.val(points)}::int[])[1 + i % ${kinds.length}], (${sql.val(points)}::int[])[1 + i % ${kinds.length}],
             now() - make_interval(secs => (i::bigint * 7919) % (60 * 86400))
      from generate_series(0, ${options.ledgerRows - 1}) as i
      join bench_users u on u.n = (i * 2654435761::bigint) % (select count(*) from bench_users)`.execute(trx);
    await sql`
      insert into public.user_xp (user_id, total, level, reached_at)
      select user_id, sum(points), 1, max(created_at) from public.xp_ledger group by user_id`.execute(trx);
    await sql`
      update public.user_xp set level = (select max(n) from generate_series(1, 50) n where round(20 * (n - 1)^2 / 10) * 10 <= total)`.execute(
      trx,
    );
    for (const [period, trunc] of [
      ['week', 'week'],
      ['month', 'month'],
    ] as const) {
      await sql`
        insert into public.xp_periods (period, starts, user_id, points, reached_at)
        select ${period}, date_trunc(${trunc}, created_at at time zone 'utc')::date, user_id, sum(points), max(created_at)
        from public.xp_ledger group by 2, 3`.execute(trx);
    }
    await sql`
      insert into public.outlet_follows (user_id, outlet_id)
      select u.id, o.id
      from (select id, row_number() over (order by id) as rank from public.outlets order by id limit ${options.topOutlets}) o
      cross join lateral (select id from bench_users
                           where n < case when o.rank = 1 then ${options.mostFollowed ?? options.followersPerOutlet}::int
                                          else ${options.followersPerOutlet}::int end) u
      on conflict do nothing`.execute(trx);
  });
  await sql`analyze public.xp_ledger, public.user_xp, public.xp_periods, public.outlet_follows`.execute(db);
}

const quantile = (samples: number[], q: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? 0;

/** p50 and p95 of awarding XP (one award in its own transaction) and of the uncached leaderboard query. */
export async function measureXp(
  db: Db,
  samples = 200,
): Promise<{ awardP50: number; awardP95: number; leaderboardP50: number; leaderboardP95: number }> {
  const users = (await sql<{ id: string }>`select id from auth.users order by id limit ${samples}`.execute(db)).rows;
  // The bench runs this in a process of its own, just opened: its first awards pay for
  // preparing the statements and reading the catalogue in, which a serving server has done
  // long before. So 20 awards to other players come first, untimed; the timed players' own
  // rows are still read for the first time.
  const others = (await sql<{ id: string }>`select id from auth.users order by id desc limit 20`.execute(db)).rows;
  for (const [index, user] of others.entries()) {
    await db
      .transaction()
      .execute((trx) =>
        awardXp(trx, { userId: user.id, kind: 'review_published', source: `bench-warm-up:${Date.now()}:${index}` }),
      );
  }
  const awards: number[] = [];
  for (const [index, user] of users.entries()) {
    const started = performance.now();
    await db
      .transaction()
      .execute((trx) =>
        awardXp(trx, { userId: user.id, kind: 'review_published', source: `bench-measure:${Date.now()}:${index}` }),
      );
    awards.push(performance.now() - started);
  }
  const boards: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await leaderboard(db, (['all', 'month', 'week'] as const)[i % 3]!);
    boards.push(performance.now() - started);
  }
  return {
    awardP50: quantile(awards, 0.5),
    awardP95: quantile(awards, 0.95),
    leaderboardP50: quantile(boards, 0.5),
    leaderboardP95: quantile(boards, 0.95),
  };
}
