import { sql, type Kysely, type Transaction } from 'kysely';
import { recordHistory } from '../../activity/activity.server.ts';
import type { NewActivity } from '../../activity/activity.ts';
import { recordDataLoad } from '../../db/migrations.server.ts';
import type { Database } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from './accounts.server.ts';
import type { CommunityGame, CommunityPlan } from './community-plan.ts';
import { planDemoCommunity } from './community.ts';

/**
 * Writes the demo community (community.ts plans it) the way the site's own writes leave
 * things: players through `auth.users` and the profile trigger, memberships as
 * subscriptions, and every status, review, list, like and follow into its table with the
 * tables' triggers on (library counts, user scores, review platforms, list counts, the
 * 30-day likes, follow counts). Then each action's activity event, at the moment it
 * happened, through the activity subscribers, which award the XP (ledger, daily cap,
 * week and month points, totals, levels and their level-up events) and raise the
 * notifications, exactly as for a player acting on the site. One statement per table,
 * in one transaction.
 */

type Trx = Transaction<Database>;
type History = NewActivity & { at: Date };

export interface DemoCommunitySummary {
  players: number;
  statuses: number;
  reviews: number;
  votes: number;
  lists: number;
  likes: number;
  follows: number;
  outletFollows: number;
  events: number;
}

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

/** The demo catalogue as the plan wants it: by slug, with each game's platforms. */
async function readCatalogue(trx: Trx): Promise<CommunityGame[]> {
  const { rows } = await sql<{ id: number; slug: string; release_date: string | null; platform_ids: number[] }>`
    select g.id, g.slug, g.release_date::text as release_date,
           coalesce(array_agg(gp.platform_id order by gp.platform_id) filter (where gp.platform_id is not null), '{}') as platform_ids
    from public.games g left join public.game_platforms gp on gp.game_id = g.id
    group by g.id order by g.slug`.execute(trx);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    releaseDate: row.release_date,
    platformIds: row.platform_ids,
  }));
}

async function insertPlayers(trx: Trx, plan: CommunityPlan): Promise<void> {
  await trx
    .insertInto('auth.users')
    .values(
      plan.players.map((player) => ({
        instance_id: INSTANCE_ID,
        id: player.id,
        aud: 'authenticated',
        role: 'authenticated',
        // No password and no identity: nobody can sign in as a demo player.
        email: `${player.username}@community.demo.invalid`,
        email_confirmed_at: player.joinedAt,
        raw_app_meta_data: { provider: 'email', providers: ['email'] },
        raw_user_meta_data: { username: player.username, full_name: player.fullName, bio: player.bio },
        created_at: player.joinedAt,
        updated_at: player.joinedAt,
        is_sso_user: false,
        is_anonymous: false,
      })),
    )
    .execute();
  // The profile trigger dates the profile at the insert; a player's profile dates from their sign-up.
  await sql`update public.profiles p set created_at = u.created_at
            from auth.users u where u.id = p.id and u.id = any(${plan.players.map((player) => player.id)}::uuid[])`.execute(
    trx,
  );
  const members = plan.players.filter((player) => player.tier !== 'free');
  if (members.length > 0) {
    const plans = await trx.selectFrom('subscription_plans').select(['id', 'name']).execute();
    const planOf = new Map(plans.map((row) => [row.name, row.id]));
    await trx
      .insertInto('user_subscriptions')
      .values(
        members.map((player) => ({
          user_id: player.id,
          plan_id: planOf.get(player.tier)!,
          status: 'active' as const,
          current_period_start: player.joinedAt,
          created_at: player.joinedAt,
          updated_at: player.joinedAt,
        })),
      )
      .execute();
  }
  const hidden = plan.players.filter((player) => player.isPrivate);
  if (hidden.length > 0)
    await trx
      .insertInto('profile_settings')
      .values(hidden.map((player) => ({ user_id: player.id, is_private: true, updated_at: player.joinedAt })))
      .execute();
}

async function insertLibrary(trx: Trx, plan: CommunityPlan, events: History[]): Promise<void> {
  await trx
    .insertInto('user_games')
    .values(
      plan.statuses.map((row) => ({
        user_id: row.userId,
        game_id: row.gameId,
        status: row.status,
        wishlist: row.wishlist,
        favourite: row.favourite,
        platform_id: row.platformId,
        hours_played: row.hours === null ? null : row.hours.toFixed(1),
        started_on: row.startedOn,
        finished_on: row.finishedOn,
        created_at: row.at,
        updated_at: row.at,
      })),
    )
    .execute();
  for (const row of plan.statuses)
    if (row.status)
      events.push({
        actorId: row.userId,
        kind: 'game_status_set',
        subjectType: 'game',
        subjectId: row.gameId,
        gameId: row.gameId,
        data: { status: row.status, previous: null },
        isPublic: true,
        at: row.at,
      });
}

async function insertReviews(trx: Trx, plan: CommunityPlan, events: History[]): Promise<string[]> {
  if (plan.reviews.length === 0) return [];
  const rows = await trx
    .insertInto('user_reviews')
    .values(
      plan.reviews.map((review) => ({
        user_id: review.userId,
        game_id: review.gameId,
        rating: review.rating,
        title: review.title,
        body: review.body,
        platform_id: review.platformId,
        hours_played: review.hours === null ? null : review.hours.toFixed(1),
        finished: review.finished,
        created_at: review.at,
        updated_at: review.at,
      })),
    )
    .returning(['id', 'user_id', 'game_id', 'rating', 'created_at'])
    .execute();
  for (const row of rows)
    events.push({
      actorId: row.user_id,
      kind: 'review_published',
      subjectType: 'user_review',
      subjectId: row.id,
      gameId: row.game_id,
      data: { rating: row.rating },
      isPublic: true,
      dedupeKey: `review:${row.id}`,
      at: row.created_at,
    });
  return rows.map((row) => row.id);
}

async function insertVotes(trx: Trx, plan: CommunityPlan, reviewIds: string[], events: History[]): Promise<void> {
  if (plan.votes.length === 0) return;
  await trx
    .insertInto('user_review_votes')
    .values(
      plan.votes.map((vote) => ({ review_id: reviewIds[vote.review]!, user_id: vote.userId, created_at: vote.at })),
    )
    .execute();
  for (const vote of plan.votes) {
    const review = plan.reviews[vote.review]!;
    events.push({
      actorId: vote.userId,
      kind: 'review_voted_helpful',
      subjectType: 'user_review',
      subjectId: reviewIds[vote.review]!,
      targetUserId: review.userId,
      gameId: review.gameId,
      isPublic: false,
      dedupeKey: `review:${reviewIds[vote.review]!}`,
      at: vote.at,
    });
  }
}

const MINUTE = 60_000;

async function insertLists(trx: Trx, plan: CommunityPlan, events: History[]): Promise<number[]> {
  const rows = await trx
    .insertInto('user_lists')
    .values(
      plan.lists.map((list) => ({
        user_id: list.userId,
        title: list.title,
        slug: list.slug,
        description: list.description,
        visibility: list.visibility,
        ranked: list.ranked,
        created_at: list.at,
        updated_at: new Date(list.at.getTime() + list.gameIds.length * MINUTE),
      })),
    )
    .returning('id')
    .execute();
  const ids = rows.map((row) => row.id);
  await trx
    .insertInto('user_list_entries')
    .values(
      plan.lists.flatMap((list, index) =>
        list.gameIds.map((gameId, position) => ({
          list_id: ids[index]!,
          game_id: gameId,
          position: position + 1,
          created_at: new Date(list.at.getTime() + (position + 1) * MINUTE),
        })),
      ),
    )
    .execute();
  for (const [index, list] of plan.lists.entries()) {
    const id = ids[index]!;
    const isPublic = list.visibility === 'public';
    events.push({
      actorId: list.userId,
      kind: 'list_created',
      subjectType: 'list',
      subjectId: id,
      data: { title: list.title, slug: list.slug },
      isPublic,
      at: list.at,
    });
    for (const [position, gameId] of list.gameIds.entries())
      events.push({
        actorId: list.userId,
        kind: 'list_entry_added',
        subjectType: 'list',
        subjectId: id,
        gameId,
        data: { count: position + 1 },
        isPublic,
        dedupeKey: `list:${id}:game:${gameId}`,
        at: new Date(list.at.getTime() + (position + 1) * MINUTE),
      });
  }
  return ids;
}

async function insertLikes(trx: Trx, plan: CommunityPlan, listIds: number[], events: History[]): Promise<void> {
  if (plan.likes.length === 0) return;
  await trx
    .insertInto('user_list_likes')
    .values(plan.likes.map((like) => ({ list_id: listIds[like.list]!, user_id: like.userId, created_at: like.at })))
    .execute();
  for (const like of plan.likes) {
    const list = plan.lists[like.list]!;
    events.push({
      actorId: like.userId,
      kind: 'list_liked',
      subjectType: 'list',
      subjectId: listIds[like.list]!,
      targetUserId: list.userId,
      data: { title: list.title },
      isPublic: list.visibility === 'public',
      dedupeKey: `list:${listIds[like.list]!}`,
      at: like.at,
    });
  }
}

async function insertFollows(trx: Trx, plan: CommunityPlan, events: History[]): Promise<void> {
  await trx
    .insertInto('user_follows')
    .values(plan.follows.map((f) => ({ follower_id: f.followerId, followed_id: f.followedId, created_at: f.at })))
    .execute();
  await trx
    .insertInto('outlet_follows')
    .values(plan.outletFollows.map((f) => ({ user_id: f.userId, outlet_id: f.outletId, created_at: f.at })))
    .execute();
  for (const f of plan.follows)
    events.push({
      actorId: f.followerId,
      kind: 'user_followed',
      subjectType: 'profile',
      subjectId: f.followedId,
      targetUserId: f.followedId,
      dedupeKey: `user:${f.followedId}`,
      at: f.at,
    });
  for (const f of plan.outletFollows)
    events.push({
      actorId: f.userId,
      kind: 'outlet_followed',
      subjectType: 'outlet',
      subjectId: f.outletId,
      dedupeKey: `outlet:${f.outletId}`,
      at: f.at,
    });
}

/**
 * Loads the demo community into a database holding the demo catalogue (and the critics'
 * outlets and the demo accounts, where present), in one transaction, recorded as the
 * `demo-community` data load. Call it once: the players' fixed ids make a second run fail.
 */
export async function loadDemoCommunity(db: Kysely<Database>, now: Date = new Date()): Promise<DemoCommunitySummary> {
  return db.transaction().execute(async (trx) => {
    const games = await readCatalogue(trx);
    const outlets = await trx.selectFrom('outlets').select(['id', 'slug']).orderBy('slug').execute();
    const accounts = await trx
      .selectFrom('profiles')
      .select(['id', 'username'])
      .where(
        'username',
        'in',
        DEMO_ACCOUNTS.map((account) => account.username),
      )
      .orderBy('username')
      .execute();
    const plan = planDemoCommunity({
      games,
      outlets,
      accounts: accounts.flatMap((a) => (a.username ? [{ id: a.id, username: a.username }] : [])),
      now,
    });
    const events: History[] = [];
    await insertPlayers(trx, plan);
    await insertLibrary(trx, plan, events);
    const reviewIds = await insertReviews(trx, plan, events);
    await insertVotes(trx, plan, reviewIds, events);
    const listIds = await insertLists(trx, plan, events);
    await insertLikes(trx, plan, listIds, events);
    await insertFollows(trx, plan, events);
    const recorded = await recordHistory(trx, events);
    const summary: DemoCommunitySummary = {
      players: plan.players.length,
      statuses: plan.statuses.length,
      reviews: reviewIds.length,
      votes: plan.votes.length,
      lists: listIds.length,
      likes: plan.likes.length,
      follows: plan.follows.length,
      outletFollows: plan.outletFollows.length,
      events: recorded.length,
    };
    await recordDataLoad(trx, 'demo-community', { ...summary, now: now.toISOString() });
    return summary;
  });
}
