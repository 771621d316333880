import { sql, type Kysely } from 'kysely';
import { getProfile, getUserTier } from '../auth/profiles.server.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';
import type { Database } from '../db/schema.ts';
import { followCountsOf, followedOutletReviews, followedOutlets } from '../follows/follows.server.ts';
import { todayIso } from '../format/dates.ts';
import { statusCounts } from '../library/play-status.server.ts';
import type { PlayStatus } from '../library/play-status.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';
import { earnedToday, levelOf } from '../xp/xp.server.ts';
import {
  FRIEND_FEED_KINDS,
  HOME_LIMITS,
  LIST_FEED_KINDS,
  feedPage,
  xpToday,
  type DashboardHome,
  type FeedCursor,
  type FriendActivity,
  type FriendFeedKind,
  type FriendFeedPage,
  type HomeGame,
  type RecentGame,
} from './home.ts';

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

/** The latest reviews and previews of the outlets the player follows (the outlet feed's first rows). */
export function latestOutletReviews(db: Db, userId: string, limit: number = HOME_LIMITS.outletReviews) {
  return followedOutletReviews(db, userId).limit(sql.lit(limit)).execute();
}

/**
 * The friends feed: the public statuses, reviews, lists and likes of the players `userId`
 * follows, newest first, a page of `size` before `before`.
 *
 * Set-based from indexes: the followed players come from user_follows' primary key, and
 * for each of them (a lateral join) at most a page of their events from
 * activity_events_actor_feed_idx, newest first; the newest page of those is the answer. So
 * a page reads at most size + 1 events per followed player, however long their history.
 *
 * Privacy, checked as things are now rather than as they were when the event was recorded:
 * a private profile's events never appear; an event about a list appears only while the
 * list is public, not hidden, and its owner's profile public (a like of a private player's
 * list included); a review only while it is not hidden. Private and retracted events are
 * never read (the index is on the public, live ones).
 */
export async function friendsFeed(
  db: Db,
  userId: string,
  options: { before?: FeedCursor | undefined; size?: number } = {},
): Promise<FriendFeedPage> {
  const size = options.size ?? HOME_LIMITS.feed;
  const before = options.before;
  // The page first (at most size + 1 rows), then the names and links of those rows alone by
  // primary key: joined before the limit, the planner hashed whole tables for them.
  const page = db
    .selectFrom('user_follows as f')
    .innerJoinLateral(
      (eb) => {
        let events = eb
          .selectFrom('activity_events as e')
          .select([
            'e.id',
            'e.kind',
            'e.created_at',
            'e.data',
            'e.game_id',
            sql<number | null>`case when e.kind in ('list_created', 'list_liked') then e.subject_id::int end`.as(
              'list_id',
            ),
            sql<string>`(extract(epoch from e.created_at) * 1000000)::bigint::text`.as('micros'),
          ])
          .whereRef('e.actor_id', '=', 'f.followed_id')
          // Literals where the partial index names the same condition (docs/decisions/generic-plans.md).
          .where('e.is_public', '=', sql.lit(true))
          .where('e.retracted_at', 'is', null)
          .where('e.kind', 'in', FRIEND_FEED_KINDS)
          .where((w) =>
            w.or([
              w.and([w('e.kind', 'not in', LIST_FEED_KINDS), w('e.kind', '<>', sql.lit('review_published'))]),
              w.and([
                w('e.kind', '=', sql.lit('review_published')),
                w.exists(
                  w
                    .selectFrom('user_reviews as r')
                    .select('r.id')
                    .where('r.id', '=', sql<string>`e.subject_id::bigint`)
                    .where('r.hidden', '=', sql.lit(false)),
                ),
              ]),
              w.and([
                w('e.kind', 'in', LIST_FEED_KINDS),
                w.exists(
                  w
                    .selectFrom('user_lists as l')
                    .select('l.id')
                    .where('l.id', '=', sql<number>`e.subject_id::int`)
                    .where('l.visibility', '=', sql.lit('public'))
                    .where('l.hidden', '=', sql.lit(false))
                    .where(ownerIsPublic(sql.ref('l.user_id'))),
                ),
              ]),
            ]),
          );
        if (before)
          events = events.where(
            sql<boolean>`(e.created_at, e.id) < (timestamptz 'epoch' + ${before.micros}::bigint * interval '1 microsecond', ${before.id}::bigint)`,
          );
        return events
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(sql.lit(size + 1))
          .as('ev');
      },
      (join) => join.onTrue(),
    )
    .selectAll('ev')
    .select('f.followed_id as actor_id')
    .where('f.follower_id', '=', userId)
    .where(ownerIsPublic(sql.ref('f.followed_id')))
    .orderBy('ev.created_at', 'desc')
    .orderBy('ev.id', 'desc')
    .limit(sql.lit(size + 1));
  const rows = await db
    .selectFrom(page.as('p'))
    .innerJoin('profiles as actor', 'actor.id', 'p.actor_id')
    .leftJoin('games as g', 'g.id', 'p.game_id')
    .leftJoin('user_lists as l', 'l.id', 'p.list_id')
    .leftJoin('profiles as owner', 'owner.id', 'l.user_id')
    .select([
      'p.id',
      'p.kind',
      'p.created_at',
      'p.data',
      'p.micros',
      'actor.username',
      'actor.avatar_url',
      'g.slug as gameSlug',
      'g.title as gameTitle',
      'l.title as listTitle',
      'l.slug as listSlug',
      'owner.username as ownerUsername',
    ])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();

  const { rows: shown, next } = feedPage(
    rows.map((row) => ({ ...row, cursor: { micros: row.micros, id: row.id } })),
    size,
  );
  return {
    next,
    // A player without a username yet has no profile to link: their lines are left out.
    items: shown.flatMap((row): FriendActivity[] => {
      if (!row.username) return [];
      const data = (row.data ?? {}) as Record<string, unknown>;
      return [
        {
          id: row.id,
          kind: row.kind as FriendFeedKind,
          createdAt: row.created_at.toISOString(),
          actor: { username: row.username, avatarUrl: row.avatar_url },
          game: row.gameSlug && row.gameTitle ? { slug: row.gameSlug, title: row.gameTitle } : null,
          list:
            row.listTitle && row.listSlug && row.ownerUsername
              ? {
                  title: row.listTitle,
                  href: `/${encodeURIComponent(row.ownerUsername)}/lists/${encodeURIComponent(row.listSlug)}`,
                }
              : null,
          status: typeof data.status === 'string' ? (data.status as PlayStatus) : null,
          rating: typeof data.rating === 'number' ? data.rating : null,
        },
      ];
    }),
  };
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
  const [profile, tier, counts, playing, recent, feed, outletReviews, progress, today, upcoming] = await Promise.all([
    getProfile(db, userId),
    getUserTier(db, userId),
    statusCounts(db, userId),
    playingNow(db, userId),
    recentlyAdded(db, userId),
    friendsFeed(db, userId, { before: options.before }),
    latestOutletReviews(db, userId),
    levelOf(db, userId),
    earnedToday(db, userId, now),
    upcomingFromWishlist(db, userId, todayIso(now)),
  ]);
  const [following, outlets] = await Promise.all([
    feed.items.length === 0 && !options.before ? followCountsOf(db, userId).then((c) => c.following) : null,
    outletReviews.length === 0 ? followedOutlets(db, userId).then((list) => list.length) : null,
  ]);
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
    xp: { progress, ...xpToday(today) },
    upcoming,
  };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // ten blocks, plus the follow counts an empty friends feed or outlet block asks
  '/dashboard': 12,
  // an older page of the friends feed
  '/api/dashboard/feed': 1,
} as const satisfies QueryBudgets;
