import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { releasedBy } from './missing-reviews.ts';
import { missingReviews } from './missing-reviews.server.ts';

let connection: DatabaseConnection;
const today = '2026-11-23';

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
});
afterAll(() => connection.close());

describe('missing reviews', () => {
  it('counts a game as released only after 14 days', () => {
    expect(releasedBy('2026-03-01')).toBe('2026-02-15');
  });

  it('ranks released games without enough scored reviews by how many players follow them', async () => {
    const db = connection.db;
    const before = await missingReviews(db, { today }, 5);
    expect(before.length).toBe(5);
    const target = await db
      .selectFrom('games')
      .select(['id', 'slug'])
      .where('release_date', '<=', releasedBy(today))
      .orderBy('release_date')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(before.map((row) => row.slug)).not.toContain(target.slug);
    // Two players put the oldest game on their lists: it rises to the top.
    for (const user of [randomUUID(), randomUUID()]) {
      await sql`insert into auth.users (id, email) values (${user}, ${`${user}@example.test`})`.execute(db);
      await db.insertInto('user_games').values({ user_id: user, game_id: target.id, wishlist: true }).execute();
    }
    const after = await missingReviews(db, { today }, 5);
    expect(after[0]).toMatchObject({ slug: target.slug, interest: 2, scored: 0, gap: 12 });
    // Unreleased games never appear.
    const future = await missingReviews(db, { today: '1990-01-01' });
    expect(future.every((row) => row.releaseDate <= '1989-12-18')).toBe(true);
  });
});
