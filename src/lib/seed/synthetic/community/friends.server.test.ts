import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../tests/helpers/database.ts';
import { friendsFeed } from '../../../dashboard/friends-feed.server.ts';
import type { DatabaseConnection } from '../../../db/connect.server.ts';
import { followCountsOf } from '../../../follows/follows.server.ts';
import { generateFriendsActivity } from './friends.server.ts';
import { loadSyntheticUsers, syntheticUserId } from './users.server.ts';

let connection: DatabaseConnection;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await loadSyntheticUsers(connection.db, { count: 60 });
});
afterAll(() => connection.close());

describe('the friends feed generator', () => {
  it('makes players follow players, with the kept counts, and gives each public status events', async () => {
    const made = await generateFriendsActivity(connection.db, {
      followers: 10,
      follows: 5,
      heavyFollows: 30,
      eventsPerPlayer: 4,
    });
    expect(made).toEqual({ follows: 9 * 5 + 30, events: 60 * 4 });
    expect(await followCountsOf(connection.db, syntheticUserId(1))).toMatchObject({ following: 30 });
    expect(await followCountsOf(connection.db, syntheticUserId(11))).toMatchObject({ following: 0 });
    const statuses = await sql<{ status: string }>`
      select distinct data->>'status' as status from public.activity_events where kind = 'game_status_set'`.execute(
      connection.db,
    );
    expect(statuses.rows.length).toBe(6);
    // The heaviest player's home has a full first page, newest first.
    const page = await friendsFeed(connection.db, syntheticUserId(1));
    expect(page.items).toHaveLength(12);
    expect(page.next).not.toBeNull();
    const times = page.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
