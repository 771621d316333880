import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { latestCoverageQuery, splitCoverage } from './reviews.server.ts';

// The game page asks for its newest reviews and previews in one statement: each kind must
// still come newest first, up to its own count, and never include an embargoed review.

let connection: DatabaseConnection;
let gameId: number;
const DAY = 86_400_000;
const now = Date.now();

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  const db = connection.db;
  gameId = (await db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const outlets = [];
  for (let n = 1; n <= 8; n += 1) {
    outlets.push(
      (
        await db
          .insertInto('outlets')
          .values({ slug: `coverage-${n}`, name: `Coverage ${n}`, score_scale: 'hundred' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  // Seven reviews a day apart (the newest one still under embargo), and four previews.
  for (const [i, outlet] of outlets.slice(0, 7).entries()) {
    await db
      .insertInto('critic_reviews')
      .values({
        game_id: gameId,
        outlet_id: outlet,
        kind: 'review',
        raw_score: String(60 + i),
        published_at: new Date(now - (i - 1) * DAY),
      })
      .execute();
  }
  for (let i = 0; i < 4; i += 1) {
    await db
      .insertInto('critic_reviews')
      .values({
        game_id: gameId,
        outlet_id: outlets[7]!,
        kind: 'preview',
        excerpt: `Preview ${i}`,
        published_at: new Date(now - (i + 1) * 2 * DAY),
      })
      .execute();
  }
});

afterAll(() => connection.close());

const coverage = async (gameId: number, counts: { reviews: number; previews: number }) =>
  splitCoverage(await latestCoverageQuery(connection.db, gameId, counts).execute());

describe('latestCoverageQuery', () => {
  it('gives each kind newest first, up to its own count, published only', async () => {
    const { reviews, previews } = await coverage(gameId, { reviews: 5, previews: 3 });
    // Scores 60..66 went to reviews published tomorrow, today, yesterday...: 60 is embargoed.
    expect(reviews.map((review) => review.rawScore)).toEqual(['61', '62', '63', '64', '65']);
    expect(previews.map((preview) => preview.excerpt)).toEqual(['Preview 0', 'Preview 1', 'Preview 2']);
    expect(
      reviews.every(
        (review) =>
          review.kind === 'review' && review.gameSlug !== undefined && review.outletName.startsWith('Coverage'),
      ),
    ).toBe(true);
  });

  it('has nothing for a game without reviews, and a short list when there are fewer', async () => {
    expect(await coverage(987_654_321, { reviews: 5, previews: 3 })).toEqual({ reviews: [], previews: [] });
    const { reviews, previews } = await coverage(gameId, { reviews: 10, previews: 1 });
    expect(reviews).toHaveLength(6);
    expect(previews.map((preview) => preview.excerpt)).toEqual(['Preview 0']);
  });
});
