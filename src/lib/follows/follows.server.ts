import { sql, type Kysely } from 'kysely';
import { recordActivity, retractActivity } from '../activity/activity.server.ts';
import type { Database } from '../db/schema.ts';
import { countRowsUpTo, paginate } from '../navigation/pagination.server.ts';
import type { Paged } from '../navigation/pagination.ts';
import { reviewItems } from '../reviews/reviews.server.ts';
import type { ReviewItem } from '../reviews/reviews.ts';
import { OUTLET_FEED_PAGE_SIZE, YOUR_OUTLETS_MIN_REVIEWS, type FollowState, type FollowTarget } from './follows.ts';
import type { QueryBudgets } from '../db/query-budgets.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';

type Db = Kysely<Database>;

export class FollowError extends Error {
  readonly code: 'not_found' | 'self_follow';
  constructor(code: 'not_found' | 'self_follow', message: string) {
    super(message);
    this.code = code;
  }
}

type Resolved = { type: 'outlet'; id: number } | { type: 'user'; id: string; isPrivate: boolean };

const PLAYER_NOT_FOUND = 'Player not found.';

async function resolve(db: Db, target: FollowTarget): Promise<Resolved> {
  if ('outletId' in target || 'outletSlug' in target) {
    const row = await db
      .selectFrom('outlets')
      .select('id')
      .$if('outletId' in target, (q) => q.where('id', '=', (target as { outletId: number }).outletId))
      .$if('outletSlug' in target, (q) => q.where('slug', '=', (target as { outletSlug: string }).outletSlug))
      .executeTakeFirst();
    if (!row) throw new FollowError('not_found', 'Outlet not found.');
    return { type: 'outlet', id: row.id };
  }
  const row = await db
    .selectFrom('profiles')
    .select(['id', ownerIsPublic(sql.ref('profiles.id')).as('is_public')])
    .$if('userId' in target, (q) => q.where('id', '=', (target as { userId: string }).userId))
    .$if('username' in target, (q) =>
      q.where(sql`lower(username)`, '=', (target as { username: string }).username.toLowerCase()),
    )
    .executeTakeFirst();
  if (!row) throw new FollowError('not_found', PLAYER_NOT_FOUND);
  return { type: 'user', id: row.id, isPrivate: !row.is_public };
}

/**
 * A private profile cannot be followed and its follower count is its owner's alone: to
 * anyone else it is "not found" here, as its other pages are. Only leaving it stays open
 * to those who already follow it.
 */
function hiddenFrom(target: Resolved, userId: string | null): boolean {
  return target.type === 'user' && target.isPrivate && target.id !== userId;
}

export async function followerCount(db: Db, type: 'outlet' | 'user', id: number | string): Promise<number> {
  const row = await db
    .selectFrom('follow_counts')
    .select('followers')
    .where('subject_type', '=', type)
    .where('subject_id', '=', String(id))
    .executeTakeFirst();
  return row?.followers ?? 0;
}

/** Followers and following of a player (for the profile page). */
export async function followCountsOf(db: Db, userId: string): Promise<{ followers: number; following: number }> {
  const row = await db
    .selectFrom('follow_counts')
    .select(['followers', 'following'])
    .where('subject_type', '=', 'user')
    .where('subject_id', '=', userId)
    .executeTakeFirst();
  return { followers: row?.followers ?? 0, following: row?.following ?? 0 };
}

async function isFollowing(db: Db, userId: string, target: Resolved): Promise<boolean> {
  const row =
    target.type === 'outlet'
      ? await db
          .selectFrom('outlet_follows')
          .select('user_id')
          .where('user_id', '=', userId)
          .where('outlet_id', '=', target.id)
          .executeTakeFirst()
      : await db
          .selectFrom('user_follows')
          .select('follower_id')
          .where('follower_id', '=', userId)
          .where('followed_id', '=', target.id)
          .executeTakeFirst();
  return Boolean(row);
}

export async function followState(db: Db, userId: string | null, target: FollowTarget): Promise<FollowState> {
  const resolved = await resolve(db, target);
  if (hiddenFrom(resolved, userId)) throw new FollowError('not_found', PLAYER_NOT_FOUND);
  const [following, followers] = await Promise.all([
    userId ? isFollowing(db, userId, resolved) : Promise.resolve(false),
    followerCount(db, resolved.type, resolved.id),
  ]);
  return resolved.type === 'user' && resolved.id === userId
    ? { following, followers, self: true }
    : { following, followers };
}

/** Follows (or unfollows) an outlet or a player, recording the activity in the same transaction. */
export async function setFollow(db: Db, userId: string, target: FollowTarget, follow: boolean): Promise<FollowState> {
  const resolved = await resolve(db, target);
  const hidden = hiddenFrom(resolved, userId);
  if (hidden && follow) throw new FollowError('not_found', PLAYER_NOT_FOUND);
  if (resolved.type === 'user' && resolved.id === userId)
    throw new FollowError('self_follow', 'You cannot follow yourself.');
  await db.transaction().execute(async (trx) => {
    if (resolved.type === 'outlet') {
      if (follow) {
        const row = await trx
          .insertInto('outlet_follows')
          .values({ user_id: userId, outlet_id: resolved.id })
          .onConflict((c) => c.doNothing())
          .returning('outlet_id')
          .executeTakeFirst();
        if (row)
          await recordActivity(trx, {
            actorId: userId,
            kind: 'outlet_followed',
            subjectType: 'outlet',
            subjectId: resolved.id,
            dedupeKey: `outlet:${resolved.id}`,
          });
      } else {
        const row = await trx
          .deleteFrom('outlet_follows')
          .where('user_id', '=', userId)
          .where('outlet_id', '=', resolved.id)
          .returning('outlet_id')
          .executeTakeFirst();
        if (row)
          await retractActivity(trx, {
            kind: 'outlet_followed',
            subjectType: 'outlet',
            subjectId: resolved.id,
            actorId: userId,
          });
      }
    } else if (follow) {
      const row = await trx
        .insertInto('user_follows')
        .values({ follower_id: userId, followed_id: resolved.id })
        .onConflict((c) => c.doNothing())
        .returning('followed_id')
        .executeTakeFirst();
      if (row) {
        await recordActivity(trx, {
          actorId: userId,
          kind: 'user_followed',
          subjectType: 'profile',
          subjectId: resolved.id,
          targetUserId: resolved.id,
          dedupeKey: `user:${resolved.id}`,
        });
      }
    } else {
      const row = await trx
        .deleteFrom('user_follows')
        .where('follower_id', '=', userId)
        .where('followed_id', '=', resolved.id)
        .returning('followed_id')
        .executeTakeFirst();
      if (row)
        await retractActivity(trx, {
          kind: 'user_followed',
          subjectType: 'profile',
          subjectId: resolved.id,
          actorId: userId,
        });
    }
  });
  return { following: follow, followers: hidden ? null : await followerCount(db, resolved.type, resolved.id) };
}

export interface FollowedOutlet {
  id: number;
  slug: string;
  name: string;
}

export function followedOutlets(db: Db, userId: string): Promise<FollowedOutlet[]> {
  return db
    .selectFrom('outlet_follows')
    .innerJoin('outlets', 'outlets.id', 'outlet_follows.outlet_id')
    .select(['outlets.id', 'outlets.slug', 'outlets.name'])
    .where('outlet_follows.user_id', '=', userId)
    .orderBy('outlets.name')
    .execute();
}

/** Outlets to suggest: the most followed the user does not follow yet. */
export function suggestedOutlets(db: Db, userId: string, limit = 6): Promise<FollowedOutlet[]> {
  return db
    .selectFrom('outlets')
    .leftJoin('follow_counts', (join) =>
      join
        .on('follow_counts.subject_type', '=', 'outlet')
        .on('follow_counts.subject_id', '=', sql<string>`outlets.id::text`),
    )
    .select(['outlets.id', 'outlets.slug', 'outlets.name'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('outlet_follows')
            .select('user_id')
            .where('outlet_follows.user_id', '=', userId)
            .whereRef('outlet_follows.outlet_id', '=', 'outlets.id'),
        ),
      ),
    )
    .orderBy(sql`coalesce(follow_counts.followers, 0)`, 'desc')
    .orderBy('outlets.name')
    .limit(limit)
    .execute();
}

/** /dashboard/outlet-feed: published reviews and previews from followed outlets, newest first (embargoes respected). */
/**
 * Feed pages the pager links: a reader following large outlets has tens of thousands of
 * reviews in the feed, and counting them all cost more than the page.
 */
export const MAX_OUTLET_FEED_PAGES = 100;

export function outletFeed(db: Db, userId: string, page: number): Promise<Paged<ReviewItem>> {
  const followed = (column: 'critic_reviews.outlet_id') =>
    sql<boolean>`${sql.ref(column)} in (select outlet_id from public.outlet_follows where user_id = ${userId})`;
  return paginate(
    reviewItems(db)
      .where(followed('critic_reviews.outlet_id'))
      .orderBy('critic_reviews.published_at', 'desc')
      .orderBy('critic_reviews.id', 'desc'),
    countRowsUpTo(
      db,
      db
        .selectFrom('critic_reviews')
        .where('critic_reviews.published_at', '<=', sql<Date>`now()`)
        .where(followed('critic_reviews.outlet_id')),
      MAX_OUTLET_FEED_PAGES * OUTLET_FEED_PAGE_SIZE,
    ),
    { page, pageSize: OUTLET_FEED_PAGE_SIZE },
  );
}

/**
 * "Your outlets": the critic score of one game from the outlets a user follows, averaged
 * from normalised scores as the critic score is; null below the minimum number of reviews.
 */
export async function yourOutletsScore(
  db: Db,
  userId: string,
  gameId: number,
): Promise<{ score: number; reviews: number } | null> {
  const row = await db
    .selectFrom('critic_reviews')
    .innerJoin('outlet_follows', 'outlet_follows.outlet_id', 'critic_reviews.outlet_id')
    .select([sql<number>`round(avg(critic_reviews.score))::int`.as('score'), sql<number>`count(*)::int`.as('reviews')])
    .where('outlet_follows.user_id', '=', userId)
    .where('critic_reviews.game_id', '=', gameId)
    .where('critic_reviews.kind', '=', 'review')
    .where('critic_reviews.counted', '=', true)
    .where('critic_reviews.score', 'is not', null)
    .executeTakeFirst();
  if (!row || row.reviews < YOUR_OUTLETS_MIN_REVIEWS) return null;
  return { score: row.score, reviews: row.reviews };
}

/**
 * How many statements each page of this module may send to render: a query more fails
 * tests/integration/query-plans.test.ts, which says which one (docs/decisions/query-plans.md).
 */
export const QUERY_BUDGETS = {
  // the feed and the followed outlets, plus suggestions when the feed is empty
  '/dashboard/outlet-feed': 4,
} as const satisfies QueryBudgets;
