import { randomUUID } from 'node:crypto';
import type { AstroGlobal } from 'astro';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, createTestDatabase, openMigratedPostgres } from '../../../tests/helpers/database.ts';
import { handleFollowState, handleSetFollow } from '../../../functions/community/handlers.ts';
import { handleLike } from '../../../functions/lists/handlers.ts';
import { handleSetPrivacy } from '../../../functions/account/profile-extras.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { setConnector } from '../db/db.server.ts';
import type { PurgeTarget } from '../http/purge.server.ts';
import { discoverLists } from '../lists/discover.server.ts';
import { loadPublicList, loadUserLists } from '../lists/list-pages.server.ts';
import { likedLists } from '../lists/list-likes.server.ts';
import { reportList } from '../moderation/reports.server.ts';
import { leaderboard, ownRank } from '../xp/leaderboard.server.ts';
import { LEADERBOARD_PERIODS } from '../xp/leaderboard.ts';
import { findPublicProfile, profilePage } from './profiles.server.ts';

// A private profile shows others its name and avatar and nothing else
// (docs/decisions/private-profiles.md): every read that shows a player's things to others,
// as the site's server and as Supabase's API roles, with the player private and public.

let connection: DatabaseConnection;
const tags: string[] = [];
const players: Record<'pat' | 'sam', { id: string; username: string }> = {
  pat: { id: randomUUID(), username: `pat_${randomUUID().slice(0, 6)}` },
  sam: { id: randomUUID(), username: `sam_${randomUUID().slice(0, 6)}` },
};
const lists: Record<'public' | 'unlisted', { id: number; slug: string }> = {
  public: { id: 0, slug: 'pats-picks' },
  unlisted: { id: 0, slug: 'pats-secret-stash' },
};
const purged: PurgeTarget[] = [];

function astroFor(path: string, params: Record<string, string>): AstroGlobal {
  const url = new URL(path, 'http://localhost');
  return {
    url,
    params,
    request: new Request(url),
    locals: { user: null },
    cache: { set: (options: { tags?: string[] }) => tags.push(...(options.tags ?? [])) },
    rewrite: async (to: string) => new Response(null, { status: to === '/404' ? 404 : 500 }),
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
  } as unknown as AstroGlobal;
}

const as = (who: 'pat' | 'sam' | null) => ({
  user: who ? ({ id: players[who].id, email: null } as never) : null,
  db: () => Promise.resolve(connection.db),
});
const listsAs = (who: 'pat' | 'sam' | null) => ({ ...as(who), db: async () => connection.db, purge: async () => {} });

async function setPrivate(isPrivate: boolean) {
  const response = await handleSetPrivacy(
    new Request('http://test/api/profile/privacy', { method: 'PUT', body: JSON.stringify({ isPrivate }) }),
    {
      ...as('pat'),
      purge: async (target) => {
        purged.push(target);
      },
    },
  );
  expect(response.status).toBe(200);
}

/** Everything a stranger can see of Pat's, from every read that shows it. */
async function seenByOthers() {
  const userLists = await loadUserLists(astroFor(`/${players.pat.username}/lists`, { username: players.pat.username }));
  const listPages = await Promise.all(
    Object.values(lists).map((list) =>
      loadPublicList(
        astroFor(`/${players.pat.username}/lists/${list.slug}`, {
          username: players.pat.username,
          listname: list.slug,
        }),
      ),
    ),
  );
  const discovered = (
    await discoverLists(connection.db, { sort: 'recent', q: '', page: 1, pageSize: 100 })
  ).items.filter((list) => list.userId === players.pat.id);
  const boards = await Promise.all(LEADERBOARD_PERIODS.map((period) => leaderboard(connection.db, period)));
  const follow = await handleFollowState(
    new Request(`http://test/api/follows?username=${players.pat.username}`),
    as('sam'),
  );
  const like = await handleLike(
    new Request(`http://test/api/lists/${lists.public.id}/like`),
    listsAs(null),
    String(lists.public.id),
  );
  const profile = await profilePage(connection.db, (await findPublicProfile(connection.db, players.pat.username))!);
  const liked = await likedLists(connection.db, players.sam.id, { page: 1, pageSize: 20 });
  return {
    lists: userLists instanceof Response ? userLists.status : userLists.lists.length,
    listPages: listPages.map((page) => (page instanceof Response ? page.status : 200)),
    discovered: discovered.length,
    boards: boards.map((rows) => rows.some((row) => row.userId === players.pat.id)),
    follow: follow.status,
    like: like.status,
    profile: profile.details === null ? 'name and avatar' : 'everything',
    liked: liked.items.filter((list) => list.userId === players.pat.id).length,
  };
}

beforeAll(async () => {
  connection = await createTestDatabase();
  setConnector(async () => connection);
  for (const { id, username } of Object.values(players)) {
    await sql`insert into auth.users (id, email, raw_user_meta_data)
              values (${id}, ${`${username}@example.test`}, ${JSON.stringify({ username, full_name: username, bio: 'My bio' })}::jsonb)`.execute(
      connection.db,
    );
    await sql`insert into public.user_xp (user_id, total, level) values (${id}, ${username === players.pat.username ? 900 : 100}, 3)`.execute(
      connection.db,
    );
    for (const period of ['week', 'month'] as const) {
      await sql`insert into public.xp_periods (period, starts, user_id, points)
                values (${period}, date_trunc(${period}, now() at time zone 'utc')::date, ${id}, ${username === players.pat.username ? 90 : 10})`.execute(
        connection.db,
      );
    }
  }
  for (const [visibility, list] of Object.entries(lists) as ['public' | 'unlisted', { id: number; slug: string }][]) {
    const row = await connection.db
      .insertInto('user_lists')
      .values({ user_id: players.pat.id, title: list.slug, slug: list.slug, visibility })
      .returning('id')
      .executeTakeFirstOrThrow();
    list.id = row.id;
  }
  await connection.db
    .insertInto('user_list_likes')
    .values({ list_id: lists.public.id, user_id: players.sam.id })
    .execute();
  expect(
    (
      await handleSetFollow(
        new Request('http://test/api/follows', {
          method: 'POST',
          body: JSON.stringify({ username: players.pat.username }),
        }),
        as('sam'),
      )
    ).status,
  ).toBe(200);
});

afterAll(() => connection.close());

describe('a private profile', () => {
  const everything = {
    lists: 1,
    listPages: [200, 200],
    discovered: 1,
    boards: [true, true, true],
    follow: 200,
    like: 200,
    profile: 'everything',
    liked: 1,
  };

  it('shows others its lists, counts and leaderboard rows while public', async () => {
    expect(await seenByOthers()).toEqual(everything);
  });

  it('shows others its name and avatar only, everywhere, once private, and again everything once public', async () => {
    await setPrivate(true);
    expect(await seenByOthers()).toEqual({
      lists: 404,
      listPages: [404, 404],
      discovered: 0,
      boards: [false, false, false],
      follow: 404,
      like: 404,
      profile: 'name and avatar',
      liked: 0,
    });
    await setPrivate(false);
    expect(await seenByOthers()).toEqual(everything);
  });

  it('purges the cached pages that showed its things: lists, list pages and the leaderboard', async () => {
    purged.length = 0;
    tags.length = 0;
    await seenByOthers();
    await setPrivate(true);
    expect(purged).toEqual([
      { tags: [`profile:${players.pat.id}`, `user-lists:${players.pat.id}`], paths: ['/leaderboard'] },
    ]);
    // Every cached page that showed Pat's things carries a tag that purge names.
    expect(new Set(tags)).toEqual(
      new Set([
        `profile:${players.pat.id}`,
        `user-lists:${players.pat.id}`,
        `list:${lists.public.id}`,
        `list:${lists.unlisted.id}`,
      ]),
    );
    await setPrivate(false);
  });

  it('cannot be followed, liked or reported by others; a follower may still leave', async () => {
    await setPrivate(true);
    const body = (value: unknown, method = 'POST') =>
      new Request('http://test/x', { method, body: JSON.stringify(value) });
    expect((await handleSetFollow(body({ username: players.pat.username }), as('sam'))).status).toBe(404);
    const left = await handleSetFollow(body({ username: players.pat.username }, 'DELETE'), as('sam'));
    expect(left.status).toBe(200);
    expect(await left.json()).toEqual({ following: false, followers: null });
    expect((await handleLike(body({}), listsAs('sam'), String(lists.public.id))).status).toBe(404);
    expect(
      await reportList(connection.db, players.sam.id, lists.public.id, { reason: 'spam', details: null }),
    ).toMatchObject({ ok: false, status: 404 });
    await setPrivate(false);
    expect((await handleSetFollow(body({ username: players.pat.username }), as('sam'))).status).toBe(200);
  });

  it('is whole to its owner: profile, follower count, rank (marked off the board) and lists', async () => {
    await setPrivate(true);
    const profile = (await findPublicProfile(connection.db, players.pat.username))!;
    expect((await profilePage(connection.db, profile, { owner: true })).details).not.toBeNull();
    const own = await handleFollowState(
      new Request(`http://test/api/follows?username=${players.pat.username}`),
      as('pat'),
    );
    expect(await own.json()).toEqual({ following: false, followers: 1, self: true });
    const like = await handleLike(new Request('http://test/x'), listsAs('pat'), String(lists.public.id));
    expect(like.status).toBe(200);
    expect(await ownRank(connection.db, players.pat.id, 'all')).toMatchObject({ rank: 1, xp: 900, onBoard: false });
    // Others' ranks count public players only.
    expect(await ownRank(connection.db, players.sam.id, 'all')).toMatchObject({ onBoard: true });
    const samAhead = (await leaderboard(connection.db, 'all')).findIndex((row) => row.userId === players.sam.id) + 1;
    expect((await ownRank(connection.db, players.sam.id, 'all')).rank).toBe(samAhead);
    await setPrivate(false);
  });
});

describe.each([
  ['embedded PGlite', () => Promise.resolve(connection)],
  ['PostgreSQL', () => openMigratedPostgres(1)],
] as const)('a private profile through the API roles (%s)', (mode, open) => {
  let database: DatabaseConnection | undefined;
  const owner = randomUUID();
  const other = randomUUID();
  beforeAll(async () => {
    database = await open();
    if (!database) return;
    for (const id of [owner, other]) {
      const username = `r${id.slice(0, 8)}`;
      await sql`insert into auth.users (id, email, raw_user_meta_data) values (${id}, ${`${username}@example.test`}, ${JSON.stringify({ username })}::jsonb)`.execute(
        database.db,
      );
    }
    await database.db.insertInto('profile_settings').values({ user_id: owner, is_private: true }).execute();
  });
  afterAll(async () => {
    if (mode === 'PostgreSQL') await database?.close();
  });

  it('is readable by its owner only; a public one by everyone', async (context) => {
    if (!database) return context.skip('TEST_DATABASE_URL is not set');
    const read = (role: Parameters<typeof asRole>[1], id: string) =>
      asRole(database!, role, (trx) =>
        trx.selectFrom('profiles').select(['username', 'bio']).where('id', '=', id).execute(),
      ).then((rows) => rows.length);
    expect(await read({ kind: 'anon' }, owner)).toBe(0);
    expect(await read({ kind: 'authenticated', userId: other }, owner)).toBe(0);
    expect(await read({ kind: 'authenticated', userId: owner }, owner)).toBe(1);
    expect(await read({ kind: 'anon' }, other)).toBe(1);
    expect(await read({ kind: 'authenticated', userId: owner }, other)).toBe(1);
  });
});
