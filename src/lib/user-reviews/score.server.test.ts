import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { createRandom } from '../seed/random.ts';
import { detectReviewBombs, decideReviewWindow } from './review-bomb.server.ts';
import { recountUserScore } from './user-reviews.ts';

// The database keeps game_user_scores with row triggers on user_reviews and on the
// review-bomb windows. These tests throw random writes at it and compare every score row
// with a recount in TypeScript from the reviews themselves.

let connection: DatabaseConnection;
let gameIds: number[];
/** Platforms a random review names (null: none). */
let platformChoices: (number | null)[];
const userIds = Array.from({ length: 12 }, () => randomUUID());

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  const games = await connection.db
    .selectFrom('games')
    .select('id')
    .where('release_date', '<', '2020-01-01')
    .orderBy('id')
    .limit(4)
    .execute();
  gameIds = games.map((g) => g.id);
  const platforms = await connection.db.selectFrom('platforms').select('id').orderBy('id').limit(3).execute();
  platformChoices = [null, ...platforms.map((p) => p.id)];
  for (const [i, id] of userIds.entries()) {
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${id}, ${`u${i}@example.test`}, now(), ${JSON.stringify({ username: `scorer_${i}`, full_name: 'S' })}::jsonb)`.execute(
      connection.db,
    );
  }
});

afterAll(() => connection.close());

async function expectScoresEqualRecount() {
  const reviews = await connection.db
    .selectFrom('user_reviews')
    .select(['game_id', 'rating', 'counted', 'hidden', 'platform_id'])
    .execute();
  const kept = await connection.db
    .selectFrom('game_user_scores')
    .select(['game_id', 'review_count', 'rating_count', 'rating_sum', 'rating_steps'])
    .execute();
  for (const gameId of gameIds) {
    const recount = recountUserScore(reviews.filter((r) => r.game_id === gameId));
    const row = kept.find((k) => k.game_id === gameId);
    const { game_id: _id, ...figures } = row ?? {
      game_id: gameId,
      review_count: 0,
      rating_count: 0,
      rating_sum: 0,
      rating_steps: Array<number>(10).fill(0),
    };
    expect(figures, `game ${gameId}`).toEqual(recount);
  }
  // The kept platform counts (the reviews page's platform filter) equal a recount too.
  const keptPlatforms = await connection.db
    .selectFrom('game_user_review_platforms')
    .select(['game_id', 'platform_id', 'review_count'])
    .where('review_count', '>', 0)
    .execute();
  const recountedPlatforms = new Map<string, number>();
  for (const review of reviews) {
    if (review.hidden || review.platform_id === null) continue;
    const key = `${review.game_id}:${review.platform_id}`;
    recountedPlatforms.set(key, (recountedPlatforms.get(key) ?? 0) + 1);
  }
  expect(Object.fromEntries(keptPlatforms.map((k) => [`${k.game_id}:${k.platform_id}`, k.review_count]))).toEqual(
    Object.fromEntries(recountedPlatforms),
  );
}

describe('the kept user score', () => {
  it('equals a recount after random inserts, edits, platform changes, moves, hides and deletes', async () => {
    const random = createRandom(20261202);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    for (let step = 0; step < 300; step += 1) {
      const roll = random();
      const existing = await connection.db.selectFrom('user_reviews').select(['id', 'user_id', 'game_id']).execute();
      if (roll < 0.5 || existing.length === 0) {
        await connection.db
          .insertInto('user_reviews')
          .values({
            user_id: pick(userIds),
            game_id: pick(gameIds),
            rating: 1 + Math.floor(random() * 10),
            platform_id: pick(platformChoices),
          })
          .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
          .execute();
      } else if (roll < 0.7) {
        const change =
          random() < 0.5 ? { rating: 1 + Math.floor(random() * 10) } : { platform_id: pick(platformChoices) };
        await connection.db.updateTable('user_reviews').set(change).where('id', '=', pick(existing).id).execute();
      } else if (roll < 0.8) {
        const review = pick(existing);
        await connection.db
          .updateTable('user_reviews')
          .set({ hidden: random() < 0.5 })
          .where('id', '=', review.id)
          .execute();
      } else if (roll < 0.87) {
        const review = pick(existing);
        await connection.db
          .updateTable('user_reviews')
          .set({ game_id: pick(gameIds) })
          .where('id', '=', review.id)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('user_reviews as o')
                  .select('o.id')
                  .whereRef('o.user_id', '=', 'user_reviews.user_id')
                  .where('o.id', '<>', review.id)
                  .where('o.game_id', 'in', gameIds),
              ),
            ),
          )
          .execute();
      } else {
        await connection.db.deleteFrom('user_reviews').where('id', '=', pick(existing).id).execute();
      }
    }
    await expectScoresEqualRecount();
    await sql`select public.rebuild_game_user_scores()`.execute(connection.db);
    await expectScoresEqualRecount();
  });
});

describe('the review-bomb guard in the database', () => {
  it("holds reviews from a game's first 36 hours after release out of the score until the window is cleared", async () => {
    const game = await connection.db
      .insertInto('games')
      .values({ slug: 'launch-window-test', title: 'Launch Window', release_date: '2026-03-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const write = (user: string, at: string, rating: number) =>
      connection.db
        .insertInto('user_reviews')
        .values({ user_id: user, game_id: game.id, rating, created_at: at })
        .execute();
    await write(userIds[0]!, '2026-03-01T05:00:00Z', 1);
    await write(userIds[1]!, '2026-03-02T11:59:00Z', 1);
    await write(userIds[2]!, '2026-03-02T12:00:00Z', 9);
    const counted = await connection.db
      .selectFrom('user_reviews')
      .select(['user_id', 'counted'])
      .where('game_id', '=', game.id)
      .orderBy('created_at')
      .execute();
    expect(counted.map((r) => r.counted)).toEqual([false, false, true]);
    const window = await connection.db
      .selectFrom('user_review_windows')
      .select(['id', 'kind', 'status'])
      .where('game_id', '=', game.id)
      .executeTakeFirstOrThrow();
    expect(window).toMatchObject({ kind: 'launch', status: 'flagged' });

    const score = () =>
      connection.db
        .selectFrom('game_user_scores')
        .select(['review_count', 'rating_count', 'rating_sum'])
        .where('game_id', '=', game.id)
        .executeTakeFirstOrThrow();
    expect(await score()).toEqual({ review_count: 3, rating_count: 1, rating_sum: 9 });
    await decideReviewWindow(connection.db, window.id, 'cleared', userIds[5]!);
    expect(await score()).toEqual({ review_count: 3, rating_count: 3, rating_sum: 11 });
    await decideReviewWindow(connection.db, window.id, 'confirmed', userIds[5]!);
    expect(await score()).toEqual({ review_count: 3, rating_count: 1, rating_sum: 9 });
  });

  it('opens an anomaly window on a burst day, and its reviews stop counting', async () => {
    const game = await connection.db
      .insertInto('games')
      .values({ slug: 'bombed-game-test', title: 'Bombed', release_date: '2025-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bombers = Array.from({ length: 24 }, () => randomUUID());
    for (const [i, id] of bombers.entries()) {
      await sql`insert into auth.users (id, email, created_at) values (${id}, ${`b${i}@example.test`}, now())`.execute(
        connection.db,
      );
    }
    // A quiet month (one review every third day), then 21 low ratings in one day.
    for (let i = 0; i < 3; i += 1) {
      await connection.db
        .insertInto('user_reviews')
        .values({
          user_id: bombers[i]!,
          game_id: game.id,
          rating: 8,
          created_at: `2026-04-${String(5 + i * 9).padStart(2, '0')}T10:00:00Z`,
        })
        .execute();
    }
    for (let i = 3; i < 24; i += 1) {
      await connection.db
        .insertInto('user_reviews')
        .values({
          user_id: bombers[i]!,
          game_id: game.id,
          rating: 1,
          created_at: `2026-05-01T${String(i - 3).padStart(2, '0')}:30:00Z`,
        })
        .execute();
    }
    const opened = await detectReviewBombs(connection.db, new Date('2026-05-01T23:00:00Z'));
    expect(opened).toEqual([{ gameId: game.id, anomaly: { day: '2026-05-01', count: 21, median: 0 } }]);
    expect(await detectReviewBombs(connection.db, new Date('2026-05-01T23:00:00Z'))).toEqual([]);
    const row = await connection.db
      .selectFrom('game_user_scores')
      .select(['review_count', 'rating_count', 'rating_sum'])
      .where('game_id', '=', game.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ review_count: 24, rating_count: 3, rating_sum: 24 });
    await expectScoresEqualRecount();
  });
});
