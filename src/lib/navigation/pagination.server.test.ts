import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { countRows, countRowsUpTo } from './pagination.server.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase();
  await connection.db
    .insertInto('games')
    .values(Array.from({ length: 5 }, (_, i) => ({ slug: `paged-${i}`, title: `Paged ${i}` })))
    .execute();
});
afterAll(async () => {
  await connection.close();
});

describe('countRowsUpTo', () => {
  it('counts the filtered rows as countRows does, but never past the cap', async () => {
    const { db } = connection;
    const all = db.selectFrom('games');
    const total = await countRows(all);
    expect(total).toBeGreaterThan(3);
    expect(await countRowsUpTo(db, all, 1_000_000)).toBe(total);
    expect(await countRowsUpTo(db, all.orderBy('games.title'), 3)).toBe(3);
    const none = all.where('games.slug', '=', 'no-such-game');
    expect(await countRowsUpTo(db, none, 3)).toBe(0);
  });
});
