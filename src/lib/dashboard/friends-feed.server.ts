import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PlayStatus } from '../library/play-status.ts';
import { ownerIsPublic } from '../profiles/privacy.server.ts';
import {
  FRIEND_FEED_KINDS,
  HOME_LIMITS,
  LIST_FEED_KINDS,
  feedPage,
  type FeedCursor,
  type FriendActivity,
  type FriendFeedKind,
  type FriendFeedPage,
} from './home.ts';

type Db = Kysely<Database>;

/**
 * The events of the followed player `f.followed_id` (the query this is a subquery of names
 * it) the feed may show, before the cursor: public and live (read from
 * activity_events_actor_feed_idx, whose condition this names), of the feed's kinds, and,
 * checked as things are now rather than as they were recorded, a review only while it is not
 * hidden, a list event only while the list is public, not hidden and its owner's profile
 * public (a like of a private player's list included).
 */
function feedEvents(db: Db, before?: FeedCursor) {
  const events = db
    .selectFrom('activity_events as e')
    .where('e.actor_id', '=', sql.ref<string>('f.followed_id'))
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
            db
              .selectFrom('user_reviews as r')
              .select('r.id')
              .where('r.id', '=', sql<string>`e.subject_id::bigint`)
              .where('r.hidden', '=', sql.lit(false)),
          ),
        ]),
        w.and([
          w('e.kind', 'in', LIST_FEED_KINDS),
          w.exists(
            db
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
  return before
    ? events.where(
        sql<boolean>`(e.created_at, e.id) < (timestamptz 'epoch' + ${before.micros}::bigint * interval '1 microsecond', ${before.id}::bigint)`,
      )
    : events;
}

/**
 * The friends feed: the public statuses, reviews, lists and likes of the players `userId`
 * follows (whose profiles are public), newest first, a page of `size` before `before`.
 *
 * Set-based from indexes, fan-in on read, in one statement:
 * 1. each followed player's newest event (one index probe each);
 * 2. a bound: the (size + 1)-th newest of those. At least size + 1 events are that new, so
 *    the page holds nothing older, and a player whose newest event is older has nothing on it;
 * 3. for each player whose newest event reaches the bound (a lateral join), at most size + 1
 *    of their events no older than the bound, newest first;
 * 4. the newest size + 1 of those, then their names and links by primary key (joined before
 *    the limit, the planner hashed whole tables for them).
 * Steps 1 and 2 are materialised CTEs: as scalar subqueries inside the lateral join,
 * PostgreSQL counted their cost once per followed player, and an estimate that high switched
 * on JIT compilation, which took far longer than running the statement.
 */
export async function friendsFeed(
  db: Db,
  userId: string,
  options: { before?: FeedCursor | undefined; size?: number } = {},
): Promise<FriendFeedPage> {
  const size = options.size ?? HOME_LIMITS.feed;
  const before = options.before;
  const page = db
    .with(
      (cte) => cte('newest').materialized(),
      (qb) =>
        qb
          .selectFrom('user_follows as f')
          .where('f.follower_id', '=', userId)
          .where(ownerIsPublic(sql.ref('f.followed_id')))
          .select([
            'f.followed_id',
            feedEvents(db, before)
              .select('e.created_at')
              .orderBy('e.created_at', 'desc')
              .orderBy('e.id', 'desc')
              .limit(sql.lit(1))
              .as('created_at'),
          ]),
    )
    .with(
      (cte) => cte('b').materialized(),
      (qb) =>
        qb.selectNoFrom((eb) =>
          sql<Date>`coalesce((${eb
            .selectFrom('newest')
            .select('newest.created_at')
            .orderBy(sql`1 desc nulls last`)
            .offset(sql.lit(size))
            .limit(sql.lit(1))}), '-infinity'::timestamptz)`.as('bound'),
        ),
    )
    .selectFrom('newest as f')
    .crossJoin('b')
    .where('f.created_at', '>=', sql.ref<Date>('b.bound'))
    .innerJoinLateral(
      () =>
        feedEvents(db, before)
          .select(['e.id', 'e.created_at'])
          .where('e.created_at', '>=', sql.ref<Date>('b.bound'))
          .orderBy('e.created_at', 'desc')
          .orderBy('e.id', 'desc')
          .limit(sql.lit(size + 1))
          .as('ev'),
      (join) => join.onTrue(),
    )
    .selectAll('ev')
    .select('f.followed_id as actor_id')
    .orderBy('ev.created_at', 'desc')
    .orderBy('ev.id', 'desc')
    .limit(sql.lit(size + 1));
  const rows = await db
    .selectFrom(page.as('p'))
    .innerJoin('activity_events as e', 'e.id', 'p.id')
    .innerJoin('profiles as actor', 'actor.id', 'p.actor_id')
    .leftJoin('games as g', 'g.id', 'e.game_id')
    .leftJoin('user_lists as l', (join) =>
      join.on('l.id', '=', sql<number>`case when e.kind in ('list_created', 'list_liked') then e.subject_id::int end`),
    )
    .leftJoin('profiles as owner', 'owner.id', 'l.user_id')
    .select([
      'p.id',
      'e.kind',
      'p.created_at',
      'e.data',
      sql<string>`(extract(epoch from p.created_at) * 1000000)::bigint::text`.as('micros'),
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
