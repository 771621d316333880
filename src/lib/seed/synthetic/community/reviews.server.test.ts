import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../../db/connect.server.ts';
import { recountUserScore } from '../../../user-reviews/user-reviews.ts';
import { generateUserReviews } from './reviews.server.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (let i = 0; i < 30; i += 1) {
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${randomUUID()}, ${`bench${i}@bench.test`}, now(), ${JSON.stringify({ username: `bench_${i}`, full_name: 'B' })}::jsonb)`.execute(
      connection.db,
    );
  }
});

afterAll(() => connection.close());

describe('the bench user review generator', () => {
  it('loads reviews one per user and game, and the kept scores equal a recount', async () => {
    const n = await connection.db
      .transaction()
      .execute((trx) => generateUserReviews(trx, { count: 400, seed: 7, emailSuffix: '@bench.test' }));
    expect(n).toBeGreaterThan(100);
    const reviews = await connection.db
      .selectFrom('user_reviews')
      .select(['game_id', 'rating', 'counted', 'hidden'])
      .execute();
    expect(reviews).toHaveLength(n);
    const scores = await connection.db.selectFrom('game_user_scores').selectAll().execute();
    for (const row of scores) {
      const { game_id, updated_at: _u, ...figures } = row;
      expect(figures).toEqual(recountUserScore(reviews.filter((r) => r.game_id === game_id)));
    }
  });
});
