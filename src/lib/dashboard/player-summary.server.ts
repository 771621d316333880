import { sql, type Kysely } from 'kysely';
import { activePlanName, PROFILE_COLUMNS, toProfile } from '../auth/profiles.server.ts';
import { tierFromPlanName, type Tier } from '../auth/tiers.ts';
import type { Profile } from '../auth/types.ts';
import type { Database } from '../db/schema.ts';
import { countsFromKept, type StatusCounts } from '../library/play-status.ts';
import { periodStarts, progressOf, type LevelProgress } from '../xp/xp.ts';

type Db = Kysely<Database>;

export interface PlayerSummary {
  profile: Profile | null;
  tier: Tier;
  counts: StatusCounts;
  progress: LevelProgress;
  /** Points earned on the UTC day of `now` that the daily cap counts. */
  earnedToday: number;
}

/**
 * Who the player is and where they stand: their profile, plan, shelf counts, XP and the
 * day's XP, five reads by primary key in one statement. The dashboard asks for each of its
 * blocks at once, and on a database with few cores ten small statements in parallel cost
 * more than the work they do; these five are one.
 */
export async function playerSummary(db: Db, userId: string, now: Date): Promise<PlayerSummary> {
  const row = await db
    .selectFrom(sql<{ id: string }>`(select ${userId}::uuid as id)`.as('me'))
    .leftJoin('profiles as p', 'p.id', 'me.id')
    .leftJoin('user_library_counts as c', 'c.user_id', 'me.id')
    .leftJoin('user_xp as x', 'x.user_id', 'me.id')
    .leftJoin('xp_periods as d', (join) =>
      join
        .onRef('d.user_id', '=', 'me.id')
        .on('d.period', '=', sql.lit('day'))
        .on('d.starts', '=', periodStarts(now).day),
    )
    .select(PROFILE_COLUMNS.map((column) => `p.${column}` as const))
    .select((eb) => [
      activePlanName(db, eb.ref('me.id')).as('plan'),
      'x.total as xp',
      'd.points as today',
      'c.playing',
      'c.played',
      'c.completed',
      'c.backlog',
      'c.shelved',
      'c.abandoned',
      'c.wishlist',
      'c.favourite',
    ])
    .executeTakeFirstOrThrow();
  return {
    profile:
      row.id === null || row.created_at === null
        ? null
        : toProfile({
            id: row.id,
            username: row.username,
            full_name: row.full_name,
            bio: row.bio,
            email: row.email,
            avatar_url: row.avatar_url,
            created_at: row.created_at,
          }),
    tier: tierFromPlanName(row.plan ?? undefined),
    counts: countsFromKept(row),
    progress: progressOf(row.xp ?? 0),
    earnedToday: row.today ?? 0,
  };
}
