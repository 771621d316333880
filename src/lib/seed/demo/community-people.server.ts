import { sql, type Transaction } from 'kysely';
import type { NewActivity } from '../../activity/activity.ts';
import type { Database } from '../../db/schema.ts';
import type { CommunityPlan } from './community-plan.ts';

/**
 * The demo community's players and what they did with games: accounts (with their
 * memberships and privacy), library rows, reviews and helpful votes, each pushing the
 * activity event the site's own write records (community.server.ts records them all).
 */

type Trx = Transaction<Database>;
export type History = NewActivity & { at: Date };

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export async function insertPlayers(trx: Trx, plan: CommunityPlan): Promise<void> {
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

export async function insertLibrary(trx: Trx, plan: CommunityPlan, events: History[]): Promise<void> {
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

export async function insertReviews(trx: Trx, plan: CommunityPlan, events: History[]): Promise<string[]> {
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

export async function insertVotes(
  trx: Trx,
  plan: CommunityPlan,
  reviewIds: string[],
  events: History[],
): Promise<void> {
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
