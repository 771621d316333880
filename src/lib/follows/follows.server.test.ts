import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openMigratedPostgres } from '../../../tests/helpers/database.ts';
import { handleFollowState, handleSetFollow } from '../../../functions/community/handlers.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { followCountsOf } from './follows.server.ts';

// Following players, through the API handlers, on both databases: the counts are kept by a
// trigger (keep_follow_counts), so the SQL itself is under test here.

const modes: [string, () => Promise<DatabaseConnection | undefined>][] = [
  ['embedded PGlite', () => createTestDatabase()],
  ['PostgreSQL', () => openMigratedPostgres(2)],
];

describe.each(modes)('following players (%s)', (_mode, open) => {
  let connection: DatabaseConnection | undefined;
  beforeAll(async () => {
    connection = await open();
  });
  afterAll(() => connection?.close());

  async function newPlayer(): Promise<{ id: string; username: string }> {
    const id = randomUUID();
    const username = `p${id.slice(0, 8)}`;
    await sql`insert into auth.users (id, email, raw_user_meta_data)
              values (${id}, ${`${username}@example.test`}, ${JSON.stringify({ username, full_name: username })}::jsonb)`.execute(
      connection!.db,
    );
    return { id, username };
  }

  const call = (method: 'GET' | 'POST' | 'DELETE', userId: string | null, body: unknown) => {
    const context = {
      user: userId ? ({ id: userId, email: null } as never) : null,
      db: () => Promise.resolve(connection!.db),
    };
    if (method === 'GET') {
      const query = new URLSearchParams(body as Record<string, string>).toString();
      return handleFollowState(new Request(`http://test/api/follows?${query}`), context);
    }
    return handleSetFollow(
      new Request('http://test/api/follows', {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      context,
    );
  };

  it('follows and unfollows a player by username and by id, with the counts kept and the player told', async (context) => {
    if (!connection) return context.skip('TEST_DATABASE_URL is not set');
    const [ana, ben, cy] = [await newPlayer(), await newPlayer(), await newPlayer()];

    const followed = await call('POST', ana.id, { username: ben.username });
    expect(followed.status).toBe(200);
    expect(await followed.json()).toEqual({ following: true, followers: 1 });
    // A second follow changes nothing.
    expect(await (await call('POST', ana.id, { userId: ben.id })).json()).toEqual({ following: true, followers: 1 });
    expect(await (await call('POST', cy.id, { userId: ben.id })).json()).toEqual({ following: true, followers: 2 });
    expect(await followCountsOf(connection.db, ben.id)).toEqual({ followers: 2, following: 0 });
    expect(await followCountsOf(connection.db, ana.id)).toEqual({ followers: 0, following: 1 });
    expect(await (await call('GET', ana.id, { username: ben.username })).json()).toEqual({
      following: true,
      followers: 2,
    });
    expect(await (await call('GET', null, { username: ben.username })).json()).toEqual({
      following: false,
      followers: 2,
    });

    const told = await connection.db
      .selectFrom('notifications')
      .select(['kind', 'actor_id'])
      .where('user_id', '=', ben.id)
      .orderBy('id')
      .execute();
    expect(told).toEqual([
      { kind: 'new_follower', actor_id: ana.id },
      { kind: 'new_follower', actor_id: cy.id },
    ]);

    const unfollowed = await call('DELETE', ana.id, { username: ben.username });
    expect(unfollowed.status).toBe(200);
    expect(await unfollowed.json()).toEqual({ following: false, followers: 1 });
    expect(await (await call('DELETE', ana.id, { username: ben.username })).json()).toEqual({
      following: false,
      followers: 1,
    });
    expect(await followCountsOf(connection.db, ben.id)).toEqual({ followers: 1, following: 0 });
    expect(await followCountsOf(connection.db, ana.id)).toEqual({ followers: 0, following: 0 });
  });

  it('keeps the counts when an account that follows and is followed is deleted', async (context) => {
    if (!connection) return context.skip('TEST_DATABASE_URL is not set');
    const [dee, eve, fay] = [await newPlayer(), await newPlayer(), await newPlayer()];
    await call('POST', dee.id, { userId: eve.id });
    await call('POST', fay.id, { userId: dee.id });
    await sql`delete from auth.users where id = ${dee.id}`.execute(connection.db);
    expect(await followCountsOf(connection.db, eve.id)).toEqual({ followers: 0, following: 0 });
    expect(await followCountsOf(connection.db, fay.id)).toEqual({ followers: 0, following: 0 });
  });

  it('refuses to follow oneself with a 400, and an unknown player with a 404', async (context) => {
    if (!connection) return context.skip('TEST_DATABASE_URL is not set');
    const gus = await newPlayer();
    const self = await call('POST', gus.id, { username: gus.username });
    expect(self.status).toBe(400);
    expect(await self.json()).toEqual({ error: { code: 'self_follow', message: 'You cannot follow yourself.' } });
    expect((await call('POST', gus.id, { username: 'nobody-here' })).status).toBe(404);
    expect((await call('POST', null, { username: gus.username })).status).toBe(401);
    expect(await followCountsOf(connection.db, gus.id)).toEqual({ followers: 0, following: 0 });
  });
});
