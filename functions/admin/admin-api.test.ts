import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { isAdminPath } from '../../src/lib/admin/admin.ts';
import { grantAdmin, revokeAdmin } from '../../src/lib/admin/admin.server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { handleCreateRequest, handleResolveRequest, handleUpdateRequest } from '../game-requests/handlers.ts';
import { handleMaintenance } from './database.ts';
import { handleCreateGame, handleDeleteGame, handleMergeGames, handleUpdateGame } from './games.ts';

let connection: DatabaseConnection;
const admin = randomUUID();
const stranger = randomUUID();
const purged: PurgeTarget[] = [];
const as = (user: string | null) => ({
  db: () => Promise.resolve(connection.db),
  user: user ? { id: user } : null,
  purge: (target: PurgeTarget) => Promise.resolve(void purged.push(target)),
});
const body = (value: unknown, method = 'POST') =>
  new Request('http://localhost/api/admin/x', { method, body: JSON.stringify(value) });

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (const [id, name] of [
    [admin, 'matrix_admin'],
    [stranger, 'matrix_stranger'],
  ] as const) {
    await sql`insert into auth.users (id, email, raw_user_meta_data) values (${id}, ${`${name}@example.test`}, ${JSON.stringify({ username: name })}::jsonb)`.execute(
      connection.db,
    );
  }
  await grantAdmin(connection.db, 'matrix_admin@example.test');
});
afterAll(() => connection.close());

describe('the admin area', () => {
  it('covers the admin pages, the admin API and the request actions, and nothing public', () => {
    for (const path of [
      '/admin',
      '/admin/games',
      '/admin/database-admin',
      '/admin/missing-reviews',
      '/api/admin/games/1',
      '/games/request/approve',
      '/games/request/duplicate',
    ]) {
      expect(isAdminPath(path), path).toBe(true);
    }
    // The lookup pages are every signed-in member's (the auth guard), with more for administrators.
    for (const path of [
      '/games/request',
      '/games/request/new',
      '/games/request/edit/3',
      '/games/request/similar',
      '/games/request/similar/3',
      '/administrator',
      '/games/admin-quest',
    ]) {
      expect(isAdminPath(path), path).toBe(false);
    }
  });
});

describe('every admin API answers 404 to anonymous visitors and to non-admins', () => {
  const portal = () =>
    connection.db
      .selectFrom('games')
      .select(['id', 'slug', 'title'])
      .where('slug', '=', 'portal-2')
      .executeTakeFirstOrThrow();
  const calls: [string, (user: string | null) => Promise<Response>][] = [
    ['create a game', (user) => handleCreateGame(body({ title: 'Sneaky Game' }), as(user))],
    [
      'edit a game by id',
      async (user) => handleUpdateGame(body({ title: 'Renamed' }, 'PUT'), String((await portal()).id), as(user)),
    ],
    ['delete a game by id', async (user) => handleDeleteGame(String((await portal()).id), as(user))],
    ['merge by slug', (user) => handleMergeGames(body({ survivor: 'portal-2', duplicate: 'half-life-2' }), as(user))],
    ['maintenance', (user) => handleMaintenance(body({ action: 'search-dictionary' }), as(user))],
    ['resolve a request', (user) => handleResolveRequest(body({ action: 'approve' }), '1', as(user))],
  ];
  for (const [name, call] of calls) {
    it(name, async () => {
      for (const user of [null, stranger]) {
        const response = await call(user);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not Found' } });
      }
      expect(await portal()).toMatchObject({ slug: 'portal-2', title: 'Portal 2' });
      expect(purged).toEqual([]);
    });
  }

  it('refuses a revoked admin on the next request', async () => {
    const first = await handleCreateGame(
      body({ title: 'Admin Made Game', genres: 'Puzzle, Indie', platforms: 'pc 2026-01-02' }),
      as(admin),
    );
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ game: { slug: 'admin-made-game' } });
    await revokeAdmin(connection.db, 'matrix_admin@example.test');
    expect((await handleCreateGame(body({ title: 'Second Game' }), as(admin))).status).toBe(404);
    await grantAdmin(connection.db, 'matrix_admin@example.test');
  });
});

describe('admin game edits', () => {
  it('edits a game, keeps the old slug as a redirect and purges both', async () => {
    const game = await connection.db
      .selectFrom('games')
      .select('id')
      .where('slug', '=', 'admin-made-game')
      .executeTakeFirstOrThrow();
    const response = await handleUpdateGame(
      body({ title: 'Admin Made Game', slug: 'admin-made', summary: 'Edited.', platforms: 'pc 2026-01-02' }, 'PUT'),
      String(game.id),
      as(admin),
    );
    expect(response.status).toBe(200);
    expect(purged.at(-1)?.tags).toEqual(expect.arrayContaining(['game:admin-made-game', 'game:admin-made', 'games']));
    const redirect = await connection.db
      .selectFrom('game_slug_redirects')
      .select('game_id')
      .where('old_slug', '=', 'admin-made-game')
      .executeTakeFirstOrThrow();
    expect(redirect.game_id).toBe(game.id);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const response = await handleCreateGame(body({ title: '', platforms: 'pc 2026-13-45' }), as(admin));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'validation_failed', message: 'Enter a title.' } });
    const taken = await handleCreateGame(body({ title: 'Portal 2' }), as(admin));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      error: { code: 'slug_taken', message: 'The slug "portal-2" is already used by another game.' },
    });
    const platform = await handleCreateGame(body({ title: 'Platform Test', platforms: 'dreamcast-9000' }), as(admin));
    expect(await platform.json()).toEqual({
      error: { code: 'unknown_platform', message: 'Unknown platform: dreamcast-9000.' },
    });
    expect(
      await connection.db.selectFrom('games').select('id').where('slug', '=', 'platform-test').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('game requests through the API', () => {
  it('lets a signed-in user request and edit; others get 404; an admin approves', async () => {
    expect((await handleCreateRequest(body({ title: 'Orbit Tailor' }), as(null))).status).toBe(401);
    const created = await handleCreateRequest(
      body({ title: 'Orbit Tailor', platforms: ['PC'], officialUrl: 'javascript:alert(1)' }),
      as(stranger),
    );
    expect(await created.json()).toEqual({
      error: { code: 'validation_failed', message: 'Enter a link that starts with http:// or https://.' },
    });
    const ok = await handleCreateRequest(body({ title: 'Orbit Tailor', platforms: ['PC'] }), as(stranger));
    expect(ok.status).toBe(201);
    const { request } = (await ok.json()) as { request: { id: number } };
    expect(
      (await handleUpdateRequest(body({ title: 'Orbit Tailor 2' }, 'PUT'), String(request.id), as(admin))).status,
    ).toBe(404);
    expect(
      (
        await handleUpdateRequest(
          body({ title: 'Orbit Tailor', reason: 'Fun.' }, 'PUT'),
          String(request.id),
          as(stranger),
        )
      ).status,
    ).toBe(200);
    const approved = await handleResolveRequest(body({ action: 'approve' }), String(request.id), as(admin));
    expect(await approved.json()).toMatchObject({ request: { status: 'approved', gameSlug: 'orbit-tailor' } });
    expect(
      (await handleUpdateRequest(body({ title: 'Orbit Tailor' }, 'PUT'), String(request.id), as(stranger))).status,
    ).toBe(404);
  });
});
