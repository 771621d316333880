import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { discoverLists } from './lists.server.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase();
  for (const [name, minute] of [['adalist', 1], ['bolister', 2]] as const) {
    const id = randomUUID();
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${id}, ${`${name}@example.test`}, now(), ${JSON.stringify({ username: name, full_name: name })}::jsonb)`.execute(connection.db);
    const at = new Date(Date.UTC(2026, 0, 1, 0, minute));
    await connection.db
      .insertInto('user_lists')
      .values([
        { user_id: id, title: `${name} public`, slug: `${name}-public`, visibility: 'public', created_at: at, updated_at: at },
        { user_id: id, title: `${name} private`, slug: `${name}-private`, visibility: 'private', created_at: at, updated_at: at },
      ])
      .execute();
  }
});

afterAll(() => connection.close());

describe('discoverLists', () => {
  it('shows public lists only, newest first, each with its owner’s name', async () => {
    const page = await discoverLists(connection.db, { sort: 'recent', q: '', page: 1, pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.items.map((list) => [list.title, list.ownerUsername])).toEqual([
      ['bolister public', 'bolister'],
      ['adalist public', 'adalist'],
    ]);
  });

  it('filters by title and keeps the owner’s name on the popular sort', async () => {
    const page = await discoverLists(connection.db, { sort: 'popular', q: 'adalist', page: 1, pageSize: 10 });
    expect(page.items.map((list) => [list.title, list.ownerUsername])).toEqual([['adalist public', 'adalist']]);
  });
});
