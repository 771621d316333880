import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { recordActivity } from '../activity/activity.server.ts';
import { isReservedUsername } from '../auth/reserved-usernames.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { activityPage, findPublicProfile, profilePage, setProfilePrivacy } from './profiles.server.ts';
import { profileRoute, usernameParamSchema } from './profiles.ts';

let connection: DatabaseConnection;
const alice = randomUUID();
const bob = randomUUID();
let gameId: number;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (const [id, username] of [
    [alice, 'Alice_Plays'],
    [bob, 'bob_reads'],
  ] as const) {
    await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
              values (${id}, ${`${username}@example.test`}, now(), ${JSON.stringify({ username, full_name: username, bio: 'Hello there' })}::jsonb)`.execute(
      connection.db,
    );
  }
  gameId = (await connection.db.selectFrom('games').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await connection.db
    .insertInto('user_games')
    .values({ user_id: alice, game_id: gameId, status: 'playing', favourite: true, note: 'SECRET NOTE' })
    .execute();
  const wished = (
    await connection.db
      .selectFrom('games')
      .select('id')
      .where('id', '<>', gameId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  await connection.db.insertInto('user_games').values({ user_id: alice, game_id: wished, wishlist: true }).execute();
  await connection.db.transaction().execute(async (trx) => {
    await recordActivity(trx, {
      actorId: alice,
      kind: 'game_status_set',
      subjectType: 'game',
      subjectId: gameId,
      gameId,
      data: { status: 'playing', previous: null },
    });
    await recordActivity(trx, {
      actorId: alice,
      kind: 'list_created',
      subjectType: 'list',
      subjectId: 1,
      data: { title: 'PUBLIC LIST', slug: 'public-list' },
    });
    await recordActivity(trx, {
      actorId: alice,
      kind: 'list_created',
      subjectType: 'list',
      subjectId: 2,
      data: { title: 'PRIVATE LIST', slug: 'private-list' },
      isPublic: false,
    });
    await recordActivity(trx, {
      actorId: alice,
      kind: 'profile_updated',
      subjectType: 'profile',
      subjectId: alice,
      data: { hasAvatar: true, hasBio: true },
      isPublic: false,
    });
  });
});

afterAll(() => connection.close());

describe('reserved usernames', () => {
  it('covers every top-level route segment, so no profile shadows a page', async () => {
    const pagesDir = new URL('../../pages/', import.meta.url);
    const segments = readdirSync(pagesDir)
      .map((entry) => entry.replace(/\.(astro|ts|js|md|mdx)$/, ''))
      .filter(
        (segment) =>
          !segment.startsWith('[') && !segment.startsWith('_') && usernameParamSchema.safeParse(segment).success,
      );
    expect(segments.length).toBeGreaterThan(10);
    const rows = await connection.db.selectFrom('reserved_usernames').select('name').execute();
    const inDatabase = new Set(rows.map((r) => r.name));
    for (const segment of segments) {
      expect(isReservedUsername(segment), `${segment} in RESERVED_USERNAMES`).toBe(true);
      expect(inDatabase.has(segment.toLowerCase()), `${segment} in public.reserved_usernames`).toBe(true);
    }
  });
});

describe('profile addresses', () => {
  it('finds a username in any case and sends other cases to the canonical one', async () => {
    const profile = await findPublicProfile(connection.db, 'alice_plays');
    expect(profile?.username).toBe('Alice_Plays');
    expect(profileRoute('alice_plays', 'Alice_Plays', '/activity', '?page=2')).toEqual({
      kind: 'redirect',
      location: '/Alice_Plays/activity?page=2',
    });
    expect(profileRoute('Alice_Plays', 'Alice_Plays')).toEqual({ kind: 'ok' });
    expect(await findPublicProfile(connection.db, 'nobody_here')).toBeNull();
  });
});

describe('privacy', () => {
  it('shows public activity only: no private list, no private event, never the private note', async () => {
    const profile = (await findPublicProfile(connection.db, 'Alice_Plays'))!;
    const page = await profilePage(connection.db, profile, { sections: {} });
    const text = JSON.stringify(page);
    expect(text).toContain('PUBLIC LIST');
    expect(text).not.toContain('PRIVATE LIST');
    expect(text).not.toContain('SECRET NOTE');
    // The XP those actions earn lifts Alice a level, and a level reached is public too.
    expect(page.details?.activity.map((a) => a.kind)).toEqual(['level_up', 'list_created', 'game_status_set']);
    expect(page.details?.counts.statuses).toEqual({ playing: 1 });
    // A wishlisted game without a status counts on the wishlist and in no status.
    expect(page.details?.counts).toMatchObject({ wishlist: 1, favourites: 1 });
    expect(page.details?.favourites.map((g) => g.title)).toHaveLength(1);
    const feed = await activityPage(connection.db, alice, 1);
    expect(JSON.stringify(feed)).not.toContain('PRIVATE LIST');
    expect(feed.items.some((item) => item.kind === 'profile_updated')).toBe(false);
  });

  it('a private profile shows its name and avatar only', async () => {
    await setProfilePrivacy(connection.db, alice, true);
    const profile = (await findPublicProfile(connection.db, 'Alice_Plays'))!;
    expect(profile.isPrivate).toBe(true);
    const sections = {
      publicLists: async () => [{ id: 1, title: 'PUBLIC LIST', href: '/Alice_Plays/lists/public-list', entryCount: 1 }],
    };
    const page = await profilePage(connection.db, profile, { sections });
    expect(page.details).toBeNull();
    // Its owner still sees everything, the lists linked to the dashboard (their public pages are a 404 now).
    const own = await profilePage(connection.db, profile, { owner: true, sections });
    expect(own.details?.lists).toEqual([{ id: 1, title: 'PUBLIC LIST', href: '/dashboard/lists/1', entryCount: 1 }]);
    expect(own.details?.activity.length).toBeGreaterThan(0);
    await setProfilePrivacy(connection.db, alice, false);
    expect((await findPublicProfile(connection.db, 'Alice_Plays'))!.isPrivate).toBe(false);
  });

  it('shows sections other features provide', async () => {
    const profile = (await findPublicProfile(connection.db, 'bob_reads'))!;
    const page = await profilePage(connection.db, profile, {
      sections: {
        publicLists: async (_db, userId) => [
          { id: userId, title: 'Bob list', href: '/bob_reads/lists/bob-list', entryCount: 3 },
        ],
        level: async () => ({ level: 4, name: 'Explorer' }),
        follows: async () => ({ followers: 2, following: 5 }),
      },
    });
    expect(page.details).toMatchObject({
      lists: [{ title: 'Bob list' }],
      level: { level: 4 },
      follows: { followers: 2 },
    });
  });
});
