import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { findListBySlug, listEntries } from '../../src/lib/lists/lists.server.ts';
import { CUSTOM_LISTS_PLAN_MESSAGE } from '../../src/lib/lists/lists.ts';
import {
  handleAddEntry,
  handleCreateList,
  handleDeleteList,
  handleEntry,
  handleLike,
  handleReorder,
  handleUpdateList,
  type ListsContext,
} from './handlers.ts';

let connection: DatabaseConnection;
const owner = { id: randomUUID(), email: 'owner@example.test', provider: 'email' };
const stranger = { id: randomUUID(), email: 'stranger@example.test', provider: 'email' };
const freeUser = { id: randomUUID(), email: 'free@example.test', provider: 'email' };
let games: number[];
const purged: PurgeTarget[] = [];

async function addUser(user: { id: string; email: string }, username: string, plan: string | null) {
  await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
            values (${user.id}, ${user.email}, now(), ${JSON.stringify({ username, full_name: username })}::jsonb)`.execute(
    connection.db,
  );
  if (plan) {
    await sql`insert into public.user_subscriptions (user_id, plan_id, status)
              select ${user.id}, id, 'active' from public.subscription_plans where name = ${plan}`.execute(
      connection.db,
    );
  }
}

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await addUser(owner, 'listowner', 'ad_free');
  await addUser(stranger, 'stranger', 'premium');
  await addUser(freeUser, 'freeplayer', null);
  games = (await connection.db.selectFrom('games').select('id').orderBy('id').limit(4).execute()).map((row) => row.id);
});

afterAll(() => connection.close());

const as = (user: ListsContext['user']): ListsContext => ({
  user,
  db: () => Promise.resolve(connection.db),
  purge: (target) => Promise.resolve(void purged.push(target)),
});
const body = (method: string, data: unknown) =>
  new Request('http://test/api', {
    method,
    body: JSON.stringify(data),
    headers: { 'content-type': 'application/json' },
  });
const read = async (response: Response) => ({
  status: response.status,
  /** An answer of the lists API, as far as these tests read it. */
  body: (await response.json()) as { list: { id: number; slug: string }; error: { message: string } },
});

async function createAs(user: ListsContext['user'], data: Record<string, unknown>) {
  return read(await handleCreateList(body('POST', data), as(user)));
}

describe('custom lists by tier', () => {
  it('refuses a Free user with the plan named, and keeps nothing', async () => {
    const result = await createAs(freeUser as never, { title: 'My picks' });
    expect(result.status).toBe(403);
    expect(result.body.error).toEqual({ code: 'plan_required', message: CUSTOM_LISTS_PLAN_MESSAGE });
    expect(CUSTOM_LISTS_PLAN_MESSAGE).toContain('Ad-Free');
    const rows = await connection.db.selectFrom('user_lists').where('user_id', '=', freeUser.id).select('id').execute();
    expect(rows).toEqual([]);
  });

  it('refuses anonymous callers and bad input with clear errors', async () => {
    expect((await createAs(null, { title: 'x' })).status).toBe(401);
    const tooLong = await createAs(owner as never, { title: 'x'.repeat(101) });
    expect(tooLong).toMatchObject({
      status: 400,
      body: { error: { message: 'The title can be at most 100 characters.' } },
    });
    expect((await createAs(owner as never, { title: '   ' })).body.error.message).toBe('Give the list a title.');
    expect(
      (
        await read(
          await handleCreateList(new Request('http://test', { method: 'POST', body: '{' }), as(owner as never)),
        )
      ).status,
    ).toBe(400);
  });

  it('lets an Ad-Free user create, fill and reorder a ranked list, with unique slugs per owner', async () => {
    const first = await createAs(owner as never, { title: 'Best of 2026', ranked: true });
    expect(first.status).toBe(201);
    expect(first.body.list.slug).toBe('best-of-2026');
    const second = await createAs(owner as never, { title: 'Best of 2026' });
    expect(second.body.list.slug).toBe('best-of-2026-2');
    const listId = first.body.list.id;
    for (const gameId of games.slice(0, 3)) {
      expect((await handleAddEntry(body('POST', { gameId }), as(owner as never), String(listId))).status).toBe(201);
    }
    const dup = await read(
      await handleAddEntry(body('POST', { gameId: games[0] }), as(owner as never), String(listId)),
    );
    expect(dup.status).toBe(409);
    const order = [games[2]!, games[0]!, games[1]!];
    expect((await handleReorder(body('PUT', { gameIds: order }), as(owner as never), String(listId))).status).toBe(200);
    expect((await listEntries(connection.db, listId)).map((entry) => entry.game.id)).toEqual(order);
    const stale = await read(
      await handleReorder(body('PUT', { gameIds: order.slice(0, 2) }), as(owner as never), String(listId)),
    );
    expect(stale.status).toBe(409);
    expect(purged.some((target) => target.tags?.includes(`list:${listId}`))).toBe(true);
  });

  it('after a downgrade keeps the list visible and deletable but not editable', async () => {
    const made = await createAs(owner as never, { title: 'Downgrade me' });
    const id = String(made.body.list.id);
    await sql`update public.user_subscriptions set status = 'canceled' where user_id = ${owner.id}`.execute(
      connection.db,
    );
    try {
      const edit = await read(await handleUpdateList(body('PATCH', { title: 'Renamed' }), as(owner as never), id));
      expect(edit).toMatchObject({ status: 403, body: { error: { code: 'plan_required' } } });
      expect(await findListBySlug(connection.db, 'listowner', 'downgrade-me', null)).not.toBeNull();
      expect(
        (await handleDeleteList(new Request('http://test', { method: 'DELETE' }), as(owner as never), id)).status,
      ).toBe(200);
    } finally {
      await sql`update public.user_subscriptions set status = 'active' where user_id = ${owner.id}`.execute(
        connection.db,
      );
    }
  });
});

describe("permission matrix on another user's list", () => {
  let listId: string;
  beforeAll(async () => {
    const made = await createAs(owner as never, { title: 'Secret stash', visibility: 'private' });
    listId = String(made.body.list.id);
    await handleAddEntry(body('POST', { gameId: games[0] }), as(owner as never), listId);
  });

  it('answers 404 to a stranger for every write, exactly as for a missing list, and changes nothing', async () => {
    const attempts = [
      () => handleUpdateList(body('PATCH', { title: 'Mine now' }), as(stranger as never), listId),
      () => handleDeleteList(new Request('http://test', { method: 'DELETE' }), as(stranger as never), listId),
      () => handleAddEntry(body('POST', { gameId: games[1] }), as(stranger as never), listId),
      () => handleReorder(body('PUT', { gameIds: [games[0]] }), as(stranger as never), listId),
      () =>
        handleEntry(new Request('http://test', { method: 'DELETE' }), as(stranger as never), listId, String(games[0])),
      () => handleLike(new Request('http://test', { method: 'POST' }), as(stranger as never), listId),
    ];
    for (const attempt of attempts) expect((await attempt()).status).toBe(404);
    for (const attempt of [
      () => handleUpdateList(body('PATCH', { title: 'x' }), as(null), listId),
      () => handleLike(new Request('http://test', { method: 'POST' }), as(null), listId),
    ]) {
      expect((await attempt()).status).toBe(401);
    }
    const row = await connection.db
      .selectFrom('user_lists')
      .selectAll()
      .where('id', '=', Number(listId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Secret stash', entries_count: 1, likes_count: 0 });
  });

  it('hides a private list by slug from everyone but its owner', async () => {
    expect(await findListBySlug(connection.db, 'listowner', 'secret-stash', null)).toBeNull();
    expect(await findListBySlug(connection.db, 'listowner', 'secret-stash', stranger.id)).toBeNull();
    expect(await findListBySlug(connection.db, 'listowner', 'secret-stash', owner.id)).not.toBeNull();
  });
});

describe('likes', () => {
  it("counts one like per user, never the owner's own, and takes it back on unlike", async () => {
    const made = await createAs(owner as never, { title: 'Cosy games', visibility: 'unlisted' });
    const id = String(made.body.list.id);
    const like = async () =>
      read(await handleLike(new Request('http://test', { method: 'POST' }), as(stranger as never), id));
    expect((await like()).body).toEqual({ likesCount: 1, liked: true });
    expect((await like()).body).toEqual({ likesCount: 1, liked: true });
    const own = await read(await handleLike(new Request('http://test', { method: 'POST' }), as(owner as never), id));
    expect(own).toMatchObject({ status: 403, body: { error: { message: 'You cannot like your own list.' } } });
    const unlike = await read(
      await handleLike(new Request('http://test', { method: 'DELETE' }), as(stranger as never), id),
    );
    expect(unlike.body).toEqual({ likesCount: 0, liked: false });
  });

  it('answers HEAD as GET: a safe method never likes a list (a prefetch or a crawler would)', async () => {
    const made = await createAs(owner as never, { title: 'Heads only', visibility: 'public' });
    const id = String(made.body.list.id);
    const head = await handleLike(new Request('http://test', { method: 'HEAD' }), as(stranger as never), id);
    expect(head.status).toBe(200);
    const state = await read(
      await handleLike(new Request('http://test', { method: 'GET' }), as(stranger as never), id),
    );
    expect(state.body).toMatchObject({ liked: false, likesCount: 0 });
  });
});

describe('a change names what it changes', () => {
  it('keeps a private, ranked list private and ranked when only its description changes', async () => {
    const made = await createAs(owner as never, {
      title: 'Quiet ranking',
      visibility: 'private',
      ranked: true,
      description: 'Before.',
    });
    const id = String(made.body.list.id);
    const changed = await read(
      await handleUpdateList(body('PATCH', { description: 'After.' }), as(owner as never), id),
    );
    expect(changed.body.list).toMatchObject({
      title: 'Quiet ranking',
      description: 'After.',
      visibility: 'private',
      ranked: true,
    });
    const renamed = await read(
      await handleUpdateList(body('PATCH', { title: 'Quiet ranking, renamed' }), as(owner as never), id),
    );
    expect(renamed.body.list).toMatchObject({ description: 'After.', visibility: 'private', ranked: true });
  });
});

describe('games leaving the catalogue', () => {
  it('leaves no dangling list entry when a game is deleted', async () => {
    const made = await createAs(owner as never, { title: 'Doomed' });
    const listId = made.body.list.id;
    const [game] = await connection.db
      .insertInto('games')
      .values({ title: 'Temporary', slug: `temporary-${Date.now()}` } as never)
      .returning('id')
      .execute();
    await handleAddEntry(body('POST', { gameId: game!.id }), as(owner as never), String(listId));
    await connection.db.deleteFrom('games').where('id', '=', game!.id).execute();
    const list = await connection.db
      .selectFrom('user_lists')
      .select('entries_count')
      .where('id', '=', listId)
      .executeTakeFirstOrThrow();
    expect(list.entries_count).toBe(0);
  });
});
