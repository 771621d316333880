import { sql, type Kysely } from 'kysely';
import type { QueryBudgets } from '../db/query-budgets.ts';
import type { Database } from '../db/schema.ts';
import { followCountsOf, followedOutlets } from '../follows/follows.server.ts';
import { todayIso } from '../format/dates.ts';
import type { PlayStatus } from '../library/play-status.ts';
import { reviewItems } from '../reviews/reviews.server.ts';
import { friendsFeed } from './friends-feed.server.ts';
import { playerSummary } from './player-summary.server.ts';
import { HOME_LIMITS, xpToday, type DashboardHome, type FeedCursor, type HomeGame, type RecentGame } from './home.ts';

type Db = Kysely<Database>;

const gameColumns = [
  'g.id',
  'g.slug',
  'g.title',
  'g.cover_image_url as coverImageUrl',
  'g.release_date as releaseDate',
] as const;

/** The games the player is playing, latest first (through user_games_user_status_idx). */
export function playingNow(db: Db, userId: string, limit: number = HOME_LIMITS.playing): Promise<HomeGame[]> {
  return db
    .selectFrom('user_games as ug')
    .innerJoin('games as g', 'g.id', 'ug.game_id')
    .select(gameColumns)
    .where('ug.user_id', '=', userId)
    .where('ug.status', '=', sql.lit('playing'))
    .orderBy('ug.updated_at', 'desc')
    .orderBy('ug.game_id', 'desc')
    .limit(sql.lit(limit))
    .execute();
}

/** What the player added to their library or finished lately: every status but playing, latest first. */
export async function recentlyAdded(db: Db, userId: string, limit: number = HOME_LIMITS.recent): Promise<RecentGame[]> {
  // The latest rows first, then their games by primary key (joined before the limit, the
  // planner hashed the whole catalogue for a player with thousands of games).
  const latest = db
    .selectFrom('user_games')
    .select(['game_id', 'status', 'updated_at'])
    .where('user_id', '=', userId)
    .where('status', 'is not', null)
    .where('status', '<>', sql.lit('playing'))
    .orderBy('updated_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(sql.lit(limit));
  const rows = await db
    .selectFrom(latest.as('ug'))
    .innerJoin('games as g', 'g.id', 'ug.game_id')
    .select([...gameColumns, 'ug.status', 'ug.updated_at as updatedAt'])
    .orderBy('ug.updated_at', 'desc')
    .orderBy('ug.game_id', 'desc')
    .execute();
  return rows.map(({ status, updatedAt, ...game }) => ({ game, status: status as PlayStatus, updatedAt }));
}

/** Wishlisted games with a release date after `today`, soonest first. */
export function upcomingFromWishlist(
  db: Db,
  userId: string,
  today: string,
  limit: number = HOME_LIMITS.wishlist,
): Promise<HomeGame[]> {
  return db
    .selectFrom('user_games as ug')
    .innerJoin('games as g', 'g.id', 'ug.game_id')
    .select(gameColumns)
    .where('ug.user_id', '=', userId)
    .where('ug.wishlist', '=', sql.lit(true))
    .where('g.release_date', '>', today)
    .orderBy('g.release_date', 'asc')
    .orderBy('g.id', 'asc')
    .limit(sql.lit(limit))
    .execute();
}

/**
 * The latest reviews and previews of the outlets the player follows (the outlet feed's first
 * rows): for each followed outlet its newest published ones from critic_reviews_outlet_order_idx
 * (a lateral join), the newest of those, then their cards by primary key. The outlet feed's
 * own query sorts every review of the followed outlets, which a page of it needs but four
 * lines do not.
 */
export function latestOutletReviews(db: Db, userId: string, limit: number = HOME_LIMITS.outletReviews) {
  const newest = db
    .selectFrom('outlet_follows as f')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('critic_reviews as c')
          .select(['c.id', 'c.published_at'])
          .whereRef('c.outlet_id', '=', 'f.outlet_id')
          .where('c.published_at', '<=', sql<Date>`now()`)
          .orderBy('c.published_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(sql.lit(limit))
          .as('r'),
      (join) => join.onTrue(),
    )
    .select('r.id')
    .where('f.user_id', '=', userId)
    .orderBy('r.published_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(sql.lit(limit));
  return reviewItems(db)
    .where('critic_reviews.id', 'in', newest)
    .orderBy('critic_reviews.published_at', 'desc')
    .orderBy('critic_reviews.id', 'desc')
    .execute();
}

/**
 * Everything /dashboard shows, for the signed-in `userId`, in one call. The blocks read in
 * parallel; the two lookups an empty block needs to say what to do next (does the player
 * follow anyone, any outlet) run only when that block is empty.
 */
export async function dashboardHome(
  db: Db,
  userId: string,
  options: { before?: FeedCursor | undefined; now?: Date } = {},
): Promise<DashboardHome> {
  const now = options.now ?? new Date();
  const [summary, playing, recent, feed, outletReviews, upcoming] = await Promise.all([
    playerSummary(db, userId, now),
    playingNow(db, userId),
    recentlyAdded(db, userId),
    friendsFeed(db, userId, { before: options.before }),
    latestOutletReviews(db, userId),
    upcomingFromWishlist(db, userId, todayIso(now)),
  ]);
  const [following, outlets] = await Promise.all([
    feed.items.length === 0 && !options.before ? followCountsOf(db, userId).then((c) => c.following) : null,
    outletReviews.length === 0 ? followedOutlets(db, userId).then((list) => list.length) : null,
  ]);
  const { profile, tier, counts, progress, earnedToday } = summary;
  return {
    profile,
    tier,
    counts,
    playing,
    recent,
    feed,
    following,
    outletReviews,
    followedOutlets: outlets,
    xp: { progress, ...xpToday(earnedToday) },
    upcoming,
  };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // six statements for the blocks, plus the follow counts an empty friends feed or outlet block asks
  '/dashboard': 8,
  // an older page of the friends feed
  '/api/dashboard/feed': 1,
} as const satisfies QueryBudgets;
