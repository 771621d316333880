import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { latestReviews, reviewsBy } from './reviews.server.ts';

// Review listings cut their page from the ids alone and then fetch those cards: every page,
// however deep, must still be the next rows of the one newest-first order, published only.

let connection: DatabaseConnection;
let outletId: number;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true });
  const busiest = await connection.db
    .selectFrom('critic_reviews')
    .select(['outlet_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('outlet_id')
    .orderBy('n', 'desc')
    .executeTakeFirstOrThrow();
  outletId = busiest.outlet_id;
  // An embargoed review: it exists for nobody but its outlet.
  const game = await connection.db.selectFrom('games').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await connection.db
    .insertInto('critic_reviews')
    .values({
      outlet_id: outletId,
      game_id: game.id,
      kind: 'preview',
      score_scale: 'unscored',
      url: 'https://example.com/embargoed',
      published_at: sql`now() + interval '1 day'`,
    })
    .execute();
});

afterAll(() => connection.close());

async function expectedIds(where: { outletId?: number; kind?: 'review' | 'preview' }): Promise<string[]> {
  let query = connection.db
    .selectFrom('critic_reviews')
    .select('id')
    .where('published_at', '<=', sql<Date>`now()`);
  if (where.outletId !== undefined) query = query.where('outlet_id', '=', where.outletId);
  if (where.kind !== undefined) query = query.where('kind', '=', where.kind);
  const rows = await query.orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => String(row.id));
}

describe('review listings, page by page', () => {
  it("walks an outlet's published reviews newest first, every page the next rows, the embargoed one on none", async () => {
    const expected = await expectedIds({ outletId });
    expect(expected.length).toBeGreaterThan(6);
    const pageSize = 4;
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / pageSize) + 1; page += 1) {
      const listing = await reviewsBy(connection.db, { outletId }, page, pageSize);
      expect(listing.total).toBe(expected.length);
      for (const item of listing.items) {
        expect(item.gameTitle).toBeTruthy();
        expect(item.outletName).toBeTruthy();
      }
      seen.push(...listing.items.map((item) => String(item.id)));
    }
    expect(seen).toEqual(expected);
  });

  it('walks the latest reviews across outlets the same way', async () => {
    const expected = (await expectedIds({ kind: 'review' })).slice(0, 15);
    const seen: string[] = [];
    for (const page of [1, 2, 3])
      seen.push(...(await latestReviews(connection.db, page, 5)).items.map((item) => String(item.id)));
    expect(seen).toEqual(expected);
  });
});
