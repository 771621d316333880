import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import {
  handleCreateUserReview,
  handleDeleteUserReview,
  handleHelpfulVote,
  handleMyReviewState,
  handleReportReview,
  handleUpdateUserReview,
} from './handlers.ts';

// The permission matrix of the user review API, through the handlers the routes mount:
// anonymous, Free, Ad-Free, Premium author, Premium stranger.

let connection: DatabaseConnection;
const purges: PurgeTarget[] = [];
const users = { free: randomUUID(), adFree: randomUUID(), author: randomUUID(), stranger: randomUUID() };
let releasedGame: { id: number; slug: string };
let otherGame: { id: number; slug: string };
let futureGameId: number;

async function addUser(id: string, username: string, plan: string | null) {
  await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
            values (${id}, ${`${username}@example.test`}, now(), ${JSON.stringify({ username, full_name: username })}::jsonb)`.execute(
    connection.db,
  );
  if (plan) {
    await sql`insert into public.user_subscriptions (user_id, plan_id, status)
              select ${id}, id, 'active' from public.subscription_plans where name = ${plan}`.execute(connection.db);
  }
}

const deps = (userId: string | null) => ({
  db: () => Promise.resolve(connection.db),
  user: userId ? { id: userId } : null,
  purge: (target: PurgeTarget) => Promise.resolve(void purges.push(target)),
});
const body = (value: unknown, method = 'POST') =>
  new Request('http://localhost/api/user-reviews', {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; plan?: string } }).error;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await addUser(users.free, 'free_player', null);
  await addUser(users.adFree, 'adfree_player', 'ad_free');
  await addUser(users.author, 'premium_author', 'premium');
  await addUser(users.stranger, 'premium_other', 'premium');
  const released = await connection.db
    .selectFrom('games')
    .select(['id', 'slug'])
    .where('release_date', '<', '2020-01-01')
    .orderBy('id')
    .limit(2)
    .execute();
  releasedGame = released[0]!;
  otherGame = released[1]!;
  const future = await connection.db
    .insertInto('games')
    .values({ slug: 'not-out-yet-test', title: 'Not Out Yet', release_date: '2099-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  futureGameId = future.id;
});

afterAll(() => connection.close());

describe('writing a review', () => {
  it('refuses anonymous visitors with 401', async () => {
    const response = await handleCreateUserReview(body({ gameId: releasedGame.id, rating: 8 }), deps(null));
    expect(response.status).toBe(401);
  });

  it('refuses Free and Ad-Free members with 403 naming the Premium plan', async () => {
    for (const user of [users.free, users.adFree]) {
      const response = await handleCreateUserReview(body({ gameId: releasedGame.id, rating: 8 }), deps(user));
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: 'premium_required',
        message: 'Writing user reviews is part of the Premium plan.',
        plan: 'Premium',
      });
    }
    const left = await connection.db
      .selectFrom('user_reviews')
      .select('id')
      .where('game_id', '=', releasedGame.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses an unknown game, a game that is not released yet, and bad input with the message', async () => {
    const unreleased = await handleCreateUserReview(body({ gameId: futureGameId, rating: 8 }), deps(users.author));
    expect(unreleased.status).toBe(422);
    expect((await errorOf(unreleased)).message).toBe('This game is not released yet, so it cannot be reviewed.');
    const unknown = await handleCreateUserReview(body({ gameId: 2_000_000_000, rating: 8 }), deps(users.author));
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe('This game does not exist.');
    const noSuchPlatform = await handleCreateUserReview(
      body({ gameId: releasedGame.id, rating: 8, platformId: 2_000_000_000 }),
      deps(users.author),
    );
    expect(noSuchPlatform.status).toBe(422);
    expect((await errorOf(noSuchPlatform)).message).toBe('Choose a platform from the list.');
    const tooLong = await handleCreateUserReview(
      body({ gameId: releasedGame.id, rating: 8, title: 'x'.repeat(121) }),
      deps(users.author),
    );
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toBe('The title can be at most 120 characters.');
    const notJson = await handleCreateUserReview(
      new Request('http://localhost/api/user-reviews', { method: 'POST', body: '{' }),
      deps(users.author),
    );
    expect(notJson.status).toBe(400);
  });

  it("publishes a Premium member's review once per game, records the activity and purges the game", async () => {
    const response = await handleCreateUserReview(
      body({ gameId: releasedGame.id, rating: 9, title: 'Great', body: 'One.\n\nTwo.', spoiler: true, finished: true }),
      deps(users.author),
    );
    expect(response.status).toBe(201);
    const { review } = (await response.json()) as {
      review: { id: string; rating: number; spoiler: boolean; editedAt: string | null };
    };
    expect(review).toMatchObject({ rating: 9, spoiler: true, editedAt: null });
    expect(purges.at(-1)?.tags).toContain(`game:${releasedGame.slug}`);
    const event = await connection.db
      .selectFrom('activity_events')
      .select(['kind', 'data', 'is_public', 'dedupe_key'])
      .where('actor_id', '=', users.author)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      kind: 'review_published',
      data: { rating: 9 },
      is_public: true,
      dedupe_key: `review:${review.id}`,
    });

    const again = await handleCreateUserReview(body({ gameId: releasedGame.id, rating: 2 }), deps(users.author));
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe('You have already reviewed this game. Edit your review instead.');
  });
});

describe('changing and deleting', () => {
  let reviewId: string;
  beforeAll(async () => {
    const response = await handleCreateUserReview(body({ gameId: otherGame.id, rating: 6 }), deps(users.author));
    reviewId = ((await response.json()) as { review: { id: string } }).review.id;
  });

  it('lets nobody but the author edit or delete it, by id', async () => {
    for (const user of [null, users.free, users.stranger]) {
      const patch = await handleUpdateUserReview(body({ rating: 1 }, 'PATCH'), reviewId, deps(user));
      expect(patch.status).toBe(user ? 403 : 401);
      const del = await handleDeleteUserReview(reviewId, deps(user));
      expect(del.status).toBe(user ? 403 : 401);
    }
    const noSuchPlatform = await handleUpdateUserReview(
      body({ platformId: 2_000_000_000 }, 'PATCH'),
      reviewId,
      deps(users.author),
    );
    expect(noSuchPlatform.status).toBe(422);
    expect((await errorOf(noSuchPlatform)).message).toBe('Choose a platform from the list.');
    const unknown = await handleUpdateUserReview(body({ rating: 1 }, 'PATCH'), '999999999', deps(users.author));
    expect(unknown.status).toBe(404);
    const garbage = await handleDeleteUserReview('not-an-id', deps(users.author));
    expect(garbage.status).toBe(404);
    const row = await connection.db
      .selectFrom('user_reviews')
      .select(['rating', 'edited_at'])
      .where('id', '=', reviewId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 6, edited_at: null });
  });

  it('marks an edit as edited', async () => {
    const response = await handleUpdateUserReview(
      body({ rating: 7, body: 'Changed my mind.' }, 'PATCH'),
      reviewId,
      deps(users.author),
    );
    expect(response.status).toBe(200);
    const { review } = (await response.json()) as { review: { rating: number; editedAt: string | null } };
    expect(review.rating).toBe(7);
    expect(review.editedAt).not.toBeNull();
  });

  it('deletes it from the score at once and retracts its activity', async () => {
    const before = await connection.db
      .selectFrom('game_user_scores')
      .select('rating_count')
      .where('game_id', '=', otherGame.id)
      .executeTakeFirstOrThrow();
    expect(before.rating_count).toBe(1);
    expect((await handleDeleteUserReview(reviewId, deps(users.author))).status).toBe(204);
    const after = await connection.db
      .selectFrom('game_user_scores')
      .select(['rating_count', 'rating_sum'])
      .where('game_id', '=', otherGame.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ rating_count: 0, rating_sum: 0 });
    const event = await connection.db
      .selectFrom('activity_events')
      .select('retracted_at')
      .where('subject_id', '=', reviewId)
      .where('kind', '=', 'review_published')
      .executeTakeFirstOrThrow();
    expect(event.retracted_at).not.toBeNull();
  });
});

describe('helpful votes and reports', () => {
  let reviewId: string;
  beforeAll(async () => {
    const row = await connection.db
      .selectFrom('user_reviews')
      .select('id')
      .where('user_id', '=', users.author)
      .where('game_id', '=', releasedGame.id)
      .executeTakeFirstOrThrow();
    reviewId = row.id;
  });

  it("refuses a vote on one's own review and from anonymous visitors", async () => {
    const own = await handleHelpfulVote(reviewId, true, deps(users.author));
    expect(own.status).toBe(403);
    expect((await errorOf(own)).message).toBe('You cannot vote on your own review.');
    expect((await handleHelpfulVote(reviewId, true, deps(null))).status).toBe(401);
  });

  it('counts one vote per user, whatever the tier, and takes it back', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await handleHelpfulVote(reviewId, true, deps(users.free));
      expect(await response.json()).toEqual({ helpfulCount: 1, voted: true });
    }
    expect(await (await handleHelpfulVote(reviewId, true, deps(users.stranger))).json()).toEqual({
      helpfulCount: 2,
      voted: true,
    });
    const vote = await connection.db
      .selectFrom('activity_events')
      .select(['target_user_id', 'is_public'])
      .where('actor_id', '=', users.free)
      .where('kind', '=', 'review_voted_helpful')
      .executeTakeFirstOrThrow();
    expect(vote).toEqual({ target_user_id: users.author, is_public: false });
    expect(await (await handleHelpfulVote(reviewId, false, deps(users.stranger))).json()).toEqual({
      helpfulCount: 1,
      voted: false,
    });
  });

  it('files a report once, with a known reason, into the moderation table', async () => {
    const report = (value: unknown, user: string | null) => handleReportReview(body(value), reviewId, deps(user));
    expect((await report({ reason: 'spam' }, null)).status).toBe(401);
    expect((await report({ reason: 'nope' }, users.free)).status).toBe(400);
    expect((await report({ reason: 'spoiler', details: 'Ending in the first line' }, users.free)).status).toBe(201);
    expect((await report({ reason: 'spam' }, users.free)).status).toBe(409);
    // Never one's own review.
    const own = await report({ reason: 'spam' }, users.author);
    expect(own.status).toBe(403);
    expect(await errorOf(own)).toEqual({ code: 'forbidden', message: 'You cannot report your own review.' });
    const rows = await connection.db
      .selectFrom('user_review_reports')
      .select(['reason', 'details', 'status'])
      .where('review_id', '=', reviewId)
      .execute();
    expect(rows).toEqual([{ reason: 'spoiler', details: 'Ending in the first line', status: 'open' }]);
  });

  it('tells the signed-in user their review and votes on a game, and an anonymous visitor nothing', async () => {
    const url = `http://localhost/api/user-reviews/mine?gameId=${releasedGame.id}`;
    const mine = (await (await handleMyReviewState(new Request(url), deps(users.free))).json()) as {
      tier: string;
      votedReviewIds: string[];
      review: unknown;
    };
    expect(mine).toMatchObject({ tier: 'free', votedReviewIds: [reviewId], review: null });
    const anonymous = (await (await handleMyReviewState(new Request(url), deps(null))).json()) as { signedIn: boolean };
    expect(anonymous.signedIn).toBe(false);
  });
});
