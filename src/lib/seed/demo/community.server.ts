import { sql, type Kysely, type Transaction } from 'kysely';
import { recordHistory } from '../../activity/activity.server.ts';
import { recordDataLoad } from '../../db/migrations.server.ts';
import type { Database } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from './accounts.server.ts';
import type { CommunityGame, CommunityPlan } from './community-plan.ts';
import { insertLibrary, insertPlayers, insertReviews, insertVotes, type History } from './community-people.server.ts';
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
