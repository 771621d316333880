import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { LEADERBOARD_SIZE, type LeaderboardPeriod, type LeaderboardRow, type OwnRank } from './leaderboard.ts';
import { periodStarts } from './xp.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';

type Db = Kysely<Database>;

/**
 * The top of a leaderboard, read from the kept totals through their rank indexes
 * (user_xp_rank_idx, xp_periods_rank_idx): ties go to whoever reached the total first.
 * Players without a username, and private profiles, have no public profile and are left out.
 *
 * The board and its start date are written into the statement, not bound: early in a week
 * the current week has few rows, far fewer than the average week a generic plan assumes, so
 * PostgreSQL would plan a bound statement again on every call. Written in, it is one
 * statement per board and period, planned once per connection for the real start date.
 */
export async function leaderboard(
  db: Db,
  period: LeaderboardPeriod,
  at: Date = new Date(),
  limit = LEADERBOARD_SIZE,
): Promise<LeaderboardRow[]> {
  const rows =
    period === 'all'
      ? await db
          .selectFrom('user_xp as x')
          .innerJoin('profiles as p', 'p.id', 'x.user_id')
          .select(['x.user_id', 'x.total as xp', 'x.level', 'p.username', 'p.avatar_url'])
          .where('x.total', '>', sql.lit(0))
          .where('p.username', 'is not', null)
          .where(ownerIsPublic(sql.ref('x.user_id')))
          .orderBy('x.total', 'desc')
          .orderBy('x.reached_at')
          .orderBy('x.user_id')
          .limit(sql.lit(limit))
          .execute()
      : await db
          .selectFrom('xp_periods as x')
          .innerJoin('profiles as p', 'p.id', 'x.user_id')
          .leftJoin('user_xp as u', 'u.user_id', 'x.user_id')
          .select([
            'x.user_id',
            'x.points as xp',
            sql<number>`coalesce(u.level, 1)`.as('level'),
            'p.username',
            'p.avatar_url',
          ])
          .where('x.period', '=', sql.lit(period))
          .where('x.starts', '=', sql.lit(periodStarts(at)[period]))
          .where('x.points', '>', sql.lit(0))
          .where('p.username', 'is not', null)
          .where(ownerIsPublic(sql.ref('x.user_id')))
          .orderBy('x.points', 'desc')
          .orderBy('x.reached_at')
          .orderBy('x.user_id')
          .limit(sql.lit(limit))
          .execute();
  return rows.map((row, index) => ({
    rank: index + 1,
    userId: row.user_id,
    username: row.username!,
    avatarUrl: row.avatar_url,
    level: Number(row.level),
    xp: Number(row.xp),
  }));
}

/**
 * A user's own rank on a board (counted through the rank index), null with no XP there:
 * the public players ahead of them, plus one. A private profile is not on the public board;
 * its owner still learns where they would stand (`onBoard: false`).
 */
export async function ownRank(
  db: Db,
  userId: string,
  period: LeaderboardPeriod,
  at: Date = new Date(),
): Promise<OwnRank> {
  const { level, isPrivate } = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('user_xp').select('level').where('user_id', '=', userId).as('level'),
      sql<boolean>`not ${ownerIsPublic(sql.val(userId))}`.as('isPrivate'),
    ])
    .executeTakeFirstOrThrow()
    .then((row) => ({ level: row.level ?? 1, isPrivate: Boolean(row.isPrivate) }));
  const mine =
    period === 'all'
      ? await db
          .selectFrom('user_xp')
          .select(['total as xp', 'reached_at'])
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : await db
          .selectFrom('xp_periods')
          .select(['points as xp', 'reached_at'])
          .where('period', '=', sql.lit(period))
          .where('starts', '=', sql.lit(periodStarts(at)[period]))
          .where('user_id', '=', userId)
          .executeTakeFirst();
  if (!mine || mine.xp <= 0) return { period, rank: null, xp: 0, level, onBoard: !isPrivate };
  const ahead =
    period === 'all'
      ? await sql<{ n: number }>`
          select count(*)::int as n from public.user_xp x join public.profiles p on p.id = x.user_id and p.username is not null
          where (x.total > ${mine.xp} or (x.total = ${mine.xp} and x.reached_at < ${mine.reached_at})
             or (x.total = ${mine.xp} and x.reached_at = ${mine.reached_at} and x.user_id < ${userId}::uuid))
            and ${ownerIsPublic(sql.ref('x.user_id'))}`.execute(db)
      : await sql<{ n: number }>`
          select count(*)::int as n from public.xp_periods x join public.profiles p on p.id = x.user_id and p.username is not null
          where x.period = ${sql.lit(period)} and x.starts = ${sql.lit(periodStarts(at)[period])}::date
            and (x.points > ${mine.xp} or (x.points = ${mine.xp} and x.reached_at < ${mine.reached_at})
                 or (x.points = ${mine.xp} and x.reached_at = ${mine.reached_at} and x.user_id < ${userId}::uuid))
            and ${ownerIsPublic(sql.ref('x.user_id'))}`.execute(db);
  return { period, rank: (ahead.rows[0]?.n ?? 0) + 1, xp: mine.xp, level, onBoard: !isPrivate };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  '/leaderboard': 1,
} as const satisfies QueryBudgets;
