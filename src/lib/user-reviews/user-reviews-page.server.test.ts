import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { getGameBySlug } from '../games/games.server.ts';
import { userReviewsPage } from './user-reviews.server.ts';
import { reviewListQuerySchema } from './user-reviews.ts';

// The reviews page reads its totals and platform choices from kept counts, not from the
// reviews: these must say what the listed reviews say, under every filter.

let connection: DatabaseConnection;
let gameId: number;
let gameSlug: string;
let platforms: { id: number; name: string }[];

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  const game = await connection.db
    .selectFrom('games')
    .select(['id', 'slug'])
    .where('release_date', '<', '2020-01-01')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  gameId = game.id;
  gameSlug = game.slug;
  platforms = await connection.db.selectFrom('platforms').select(['id', 'name']).orderBy('name').limit(2).execute();
  const [a, b] = platforms;
  if (!a || !b) throw new Error('the demo catalogue has fewer than two platforms');
  // 25 reviews (two pages): 10 on A (4 finished), 8 on B (2 finished), 7 naming none (1 finished).
  const plan = [
    ...Array.from({ length: 10 }, (_, i) => ({ platform: a.id, finished: i < 4 })),
    ...Array.from({ length: 8 }, (_, i) => ({ platform: b.id, finished: i < 2 })),
    ...Array.from({ length: 7 }, (_, i) => ({ platform: null, finished: i < 1 })),
  ];
  for (const [i, review] of plan.entries()) {
    const id = randomUUID();
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${id}, ${`page${i}@example.test`}, now(), ${JSON.stringify({ username: `pager_${i}` })}::jsonb)`.execute(
      connection.db,
    );
    await connection.db
      .insertInto('user_reviews')
      .values({
        user_id: id,
        game_id: gameId,
        rating: 1 + (i % 10),
        platform_id: review.platform,
        finished: review.finished,
      })
      .execute();
  }
});

afterAll(() => connection.close());

// As the page calls it: with the game read as loadGamePage reads it (its kept score included).
const reviewsOf = async (slug: string, params: Record<string, string>) =>
  userReviewsPage(connection.db, (await getGameBySlug(connection.db, slug))!, reviewListQuerySchema.parse(params));
const page = (params: Record<string, string>) => reviewsOf(gameSlug, params);

describe('the user reviews page', () => {
  it('counts every filter as the reviews do, and offers the platforms reviews name', async () => {
    const [a, b] = platforms as [(typeof platforms)[number], (typeof platforms)[number]];
    const all = await page({});
    expect(all.listing.total).toBe(25);
    expect(all.listing.pageCount).toBe(2);
    expect(all.listing.items).toHaveLength(20);
    expect(all.platforms).toEqual([a, b]);
    expect((await page({ platform: String(a.id) })).listing.total).toBe(10);
    expect((await page({ platform: String(b.id), page: '1' })).listing.items.every((r) => r.platformId === b.id)).toBe(
      true,
    );
    expect((await page({ finished: '1' })).listing.total).toBe(7);
    expect((await page({ platform: String(a.id), finished: '1' })).listing.total).toBe(4);
  });

  it('follows hides and platform changes at once', async () => {
    const [a, b] = platforms as [(typeof platforms)[number], (typeof platforms)[number]];
    await connection.db
      .updateTable('user_reviews')
      .set({ hidden: true })
      .where('game_id', '=', gameId)
      .where('platform_id', '=', b.id)
      .execute();
    const afterHide = await page({});
    expect(afterHide.listing.total).toBe(17);
    expect(afterHide.platforms).toEqual([a]);
    expect((await page({ platform: String(b.id) })).listing.total).toBe(0);
    await connection.db
      .updateTable('user_reviews')
      .set({ platform_id: b.id })
      .where('game_id', '=', gameId)
      .where('platform_id', 'is', null)
      .execute();
    expect((await page({ platform: String(b.id) })).listing.total).toBe(7);
    expect((await page({})).platforms).toEqual([a, b]);
  });

  it('answers an empty page for a game nobody reviewed', async () => {
    const other = await connection.db
      .selectFrom('games')
      .select('slug')
      .where('id', '<>', gameId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const empty = await reviewsOf(other.slug, {});
    expect(empty).toMatchObject({ listing: { total: 0, items: [], pageCount: 1 }, platforms: [] });
  });
});
