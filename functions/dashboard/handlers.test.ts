import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { FriendFeedPage } from '../../src/lib/dashboard/home.ts';
import { setFollow } from '../../src/lib/follows/follows.server.ts';
import { setPlayState } from '../../src/lib/library/play-status.server.ts';
import { handleFriendsFeed, type DashboardContext } from './handlers.ts';

// GET /api/dashboard/feed: the older pages of the friends feed, the caller's own only.

let connection: DatabaseConnection;

async function newPlayer(): Promise<string> {
  const id = randomUUID();
  const username = `p${id.slice(0, 8)}`;
  await sql`insert into auth.users (id, email, raw_user_meta_data)
            values (${id}, ${`${username}@example.test`}, ${JSON.stringify({ username })}::jsonb)`.execute(
    connection.db,
  );
  return id;
}

const as = (userId: string | null): DashboardContext => ({
  user: userId ? ({ id: userId, email: null } as never) : null,
  db: () => Promise.resolve(connection.db),
});
const feed = (query = '') => new Request(`http://test/api/dashboard/feed${query}`);

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
});
afterAll(() => connection?.close());

describe('the friends feed API', () => {
  it('refuses visitors and does not open the database for them', async () => {
    let opened = false;
    const response = await handleFriendsFeed(feed(), {
      user: null,
      db: () => {
        opened = true;
        return Promise.resolve(connection.db);
      },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'not_authenticated', message: 'Sign in to do that.' } });
    expect(opened).toBe(false);
  });

  it('answers a member their own feed page by page, and a bad cursor with a 400', async () => {
    const me = await newPlayer();
    const friend = await newPlayer();
    await setFollow(connection.db, me, { userId: friend }, true);
    const games = await connection.db.selectFrom('games').select('id').orderBy('id').limit(14).execute();
    for (const game of games) await setPlayState(connection.db, friend, game.id, { status: 'playing' });

    const first = await handleFriendsFeed(feed(), as(me));
    expect(first.status).toBe(200);
    const page = (await first.json()) as FriendFeedPage;
    expect(page.items).toHaveLength(12);
    expect(page.next).toMatch(/^\d+-\d+$/);
    const second = (await (
      await handleFriendsFeed(feed(`?before=${encodeURIComponent(page.next!)}`), as(me))
    ).json()) as FriendFeedPage;
    expect(second.items.map((item) => item.game?.slug)).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(new Set([...page.items, ...second.items].map((item) => item.id)).size).toBe(14);

    // Someone else's session sees their own (empty) feed, not this one.
    const other = (await (await handleFriendsFeed(feed(), as(await newPlayer()))).json()) as FriendFeedPage;
    expect(other).toEqual({ items: [], next: null });

    const bad = await handleFriendsFeed(feed('?before=yesterday'), as(me));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: 'validation_failed', message: 'That feed position is not valid: open the dashboard again.' },
    });
  });
});
