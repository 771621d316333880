import { randomUUID } from 'node:crypto';
import type { AstroGlobal } from 'astro';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { setConnector } from '../db/db.server.ts';
import { setFollow } from '../follows/follows.server.ts';
import { todayIso } from '../format/dates.ts';
import { setPlayState } from '../library/play-status.server.ts';
import { createList, updateList } from '../lists/list-writes.server.ts';
import { likeList } from '../lists/list-likes.server.ts';
import { listDetailsSchema } from '../lists/lists.ts';
import { recentActivity, setProfilePrivacy } from '../profiles/profiles.server.ts';
import { createUserReview } from '../user-reviews/user-review-writes.server.ts';
import { userReviewInputSchema } from '../user-reviews/user-reviews.ts';
import { loadDashboardHome } from './home-page.server.ts';
import { friendsFeed } from './friends-feed.server.ts';
import { dashboardHome } from './home.server.ts';
import { feedCursorSchema, HOME_LIMITS, type FriendActivity } from './home.ts';

// The player's home, read as the page reads it (one call), on the embedded database with the
// demo catalogue and critics: every block with data and empty, the friends feed's privacy as
// a matrix of who did what to what, and its keyset pages.

let connection: DatabaseConnection;
let released: { id: number; slug: string; title: string }[];
const db = () => connection.db;

async function newPlayer(options: { premium?: boolean } = {}): Promise<{ id: string; username: string }> {
  const id = randomUUID();
  const username = `p${id.slice(0, 8)}`;
  await sql`insert into auth.users (id, email, raw_user_meta_data)
            values (${id}, ${`${username}@example.test`}, ${JSON.stringify({ username, full_name: username })}::jsonb)`.execute(
    db(),
  );
  if (options.premium)
    await sql`insert into public.user_subscriptions (user_id, plan_id, status)
              select ${id}, id, 'active' from public.subscription_plans where name = 'premium'`.execute(db());
  return { id, username };
}

const list = (title: string, visibility: 'public' | 'unlisted' | 'private') =>
  listDetailsSchema.parse({ title, visibility });

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true });
  setConnector(async () => connection);
  released = await db()
    .selectFrom('games')
    .select(['id', 'slug', 'title'])
    .where('release_date', '<=', todayIso())
    .orderBy('id')
    .limit(40)
    .execute();
});
afterAll(() => connection?.close());

describe('the dashboard home', () => {
  it('has every block empty for a new account, with what the empty states need to know', async () => {
    const me = await newPlayer();
    const home = await dashboardHome(db(), me.id);
    expect(home.profile?.username).toBe(me.username);
    expect(home.tier).toBe('free');
    expect(home.playing).toEqual([]);
    expect(home.recent).toEqual([]);
    expect(home.feed).toEqual({ items: [], next: null });
    expect(home.following).toBe(0);
    expect(home.outletReviews).toEqual([]);
    expect(home.followedOutlets).toBe(0);
    expect(home.upcoming).toEqual([]);
    expect(home.counts.all).toBe(0);
    expect(home.xp).toMatchObject({ today: 0, cap: 200, progress: { level: 1, total: 0 } });
  });

  it('shows what the player plays, what they added or finished, their XP and wishlisted releases ahead', async () => {
    const me = await newPlayer();
    type Game = (typeof released)[number];
    const [a, b, c, d, e] = released as [Game, Game, Game, Game, Game];
    await setPlayState(db(), me.id, a.id, { status: 'playing' });
    await setPlayState(db(), me.id, b.id, { status: 'completed' });
    await setPlayState(db(), me.id, c.id, { status: 'backlog' });
    await setPlayState(db(), me.id, d.id, { status: 'playing' });
    await setPlayState(db(), me.id, e.id, { wishlist: true });
    // Two wishlisted games coming out, the later one first on the wishlist; moved in the database.
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const [u1, u2] = released.slice(30, 32) as [Game, Game];
    await db().updateTable('games').set({ release_date: later }).where('id', '=', u1.id).execute();
    await db().updateTable('games').set({ release_date: soon }).where('id', '=', u2.id).execute();
    await setPlayState(db(), me.id, u1.id, { wishlist: true });
    await setPlayState(db(), me.id, u2.id, { wishlist: true });

    const home = await dashboardHome(db(), me.id);
    expect(home.playing.map((game) => game.id)).toEqual([d.id, a.id]);
    expect(home.recent.map((row) => [row.game.id, row.status])).toEqual([
      [c.id, 'backlog'],
      [b.id, 'completed'],
    ]);
    expect(home.upcoming.map((game) => game.id)).toEqual([u2.id, u1.id]);
    expect(home.counts).toMatchObject({ playing: 2, completed: 1, backlog: 1, wishlist: 3 });
    expect(home.xp.today).toBeGreaterThan(0);
    expect(home.xp.today).toBe(home.xp.progress.total);
    // Only a page of each.
    for (const game of released.slice(5, 5 + HOME_LIMITS.playing + 2))
      await setPlayState(db(), me.id, game.id, { status: 'playing' });
    expect((await dashboardHome(db(), me.id)).playing).toHaveLength(HOME_LIMITS.playing);
  });

  it('lists the newest reviews of the outlets the player follows, and counts them only when there are none', async () => {
    const me = await newPlayer();
    const outlet = await db()
      .selectFrom('critic_reviews')
      .select(['outlet_id', sql<number>`count(*)::int`.as('n')])
      .where('published_at', '<=', sql<Date>`now()`)
      .groupBy('outlet_id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    await setFollow(db(), me.id, { outletId: outlet.outlet_id }, true);
    const home = await dashboardHome(db(), me.id);
    expect(home.outletReviews.length).toBe(Math.min(HOME_LIMITS.outletReviews, outlet.n));
    expect(home.followedOutlets).toBeNull();
    const times = home.outletReviews.map((review) => review.publishedAt.getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(home.outletReviews.every((review) => review.publishedAt.getTime() <= Date.now())).toBe(true);
  });
});

describe('the page’s parameters', () => {
  const astroFor = (query: string, userId: string) => {
    const url = new URL(`/dashboard${query}`, 'http://localhost');
    const locals: Record<string, unknown> = { user: { id: userId } };
    const astro = {
      url,
      locals,
      rewrite: (to: string) => Promise.resolve(new Response(null, { status: to === '/error' ? 299 : 500 })),
    };
    return { astro: astro as unknown as AstroGlobal, locals };
  };

  it('opens an older page of the friends feed by its cursor, and answers a cursor that is not one with a 400', async () => {
    const me = await newPlayer();
    const newest = astroFor('', me.id);
    expect(await loadDashboardHome(newest.astro)).toMatchObject({ older: false, following: 0 });
    const older = astroFor('?before=1780000000000000-42', me.id);
    // An older page that is empty says so; it does not ask whom the player follows.
    expect(await loadDashboardHome(older.astro)).toMatchObject({ older: true, following: null });
    const bad = astroFor('?before=tomorrow', me.id);
    expect(await loadDashboardHome(bad.astro)).toBeInstanceOf(Response);
    expect(bad.locals.pageError).toEqual({
      status: 400,
      message: 'That feed position is not valid: open the dashboard again.',
    });
  });
});

describe('the friends feed', () => {
  const lines = (items: FriendActivity[]) =>
    items.map((item) => `${item.actor.username} ${item.kind} ${item.game?.title ?? item.list?.title ?? ''}`);

  it('shows the public things of public players one follows, and nothing private, as a matrix', async () => {
    const me = await newPlayer();
    const open = await newPlayer({ premium: true });
    const closed = await newPlayer({ premium: true });
    const stranger = await newPlayer({ premium: true });
    const privateOwner = await newPlayer({ premium: true });
    const publicOwner = await newPlayer({ premium: true });
    await setFollow(db(), me.id, { userId: open.id }, true);
    await setFollow(db(), me.id, { userId: closed.id }, true);
    const ownersList = await createList(db(), publicOwner.id, 'premium', list('Owner public', 'public'));
    const hiddenOwnersList = await createList(db(), privateOwner.id, 'premium', list('Owner later private', 'public'));
    const [g1, g2] = released as [(typeof released)[number], (typeof released)[number]];

    // Each actor does the same things; the expected rows say who may be seen doing what.
    const visible: string[] = [];
    for (const [who, seen] of [
      [open, true],
      [closed, false],
      [stranger, false],
    ] as const) {
      const tag = who.username.slice(0, 4);
      await setPlayState(db(), who.id, g1.id, { status: 'completed' });
      const review = await createUserReview(
        db(),
        who.id,
        'premium',
        userReviewInputSchema.parse({ gameId: g2.id, rating: 9 }),
      );
      expect(review.ok).toBe(true);
      await createList(db(), who.id, 'premium', list(`${tag} public`, 'public'));
      await createList(db(), who.id, 'premium', list(`${tag} unlisted`, 'unlisted'));
      await createList(db(), who.id, 'premium', list(`${tag} private`, 'private'));
      const turned = await createList(db(), who.id, 'premium', list(`${tag} turned private`, 'public'));
      await updateList(db(), who.id, 'premium', turned.id, { visibility: 'private' });
      await likeList(db(), who.id, ownersList.id);
      await likeList(db(), who.id, hiddenOwnersList.id);
      if (seen)
        visible.push(
          `${who.username} list_liked Owner public`,
          `${who.username} list_created ${tag} public`,
          `${who.username} review_published ${g2.title}`,
          `${who.username} game_status_set ${g1.title}`,
        );
    }
    await setProfilePrivacy(db(), closed.id, true);
    await setProfilePrivacy(db(), privateOwner.id, true);

    const page = await friendsFeed(db(), me.id);
    expect(lines(page.items)).toEqual(visible);
    expect(page.items[0]!.list?.href).toBe(`/${publicOwner.username}/lists/${ownersList.slug}`);
    expect(page.items.find((item) => item.kind === 'review_published')).toMatchObject({ rating: 9 });
    expect(page.items.find((item) => item.kind === 'game_status_set')).toMatchObject({ status: 'completed' });

    // A hidden review leaves the feed, whatever its event says; the private player turning
    // public again brings their public things back (and still not their private lists).
    await db().updateTable('user_reviews').set({ hidden: true }).where('user_id', '=', open.id).execute();
    expect(lines((await friendsFeed(db(), me.id)).items)).not.toContain(
      `${open.username} review_published ${g2.title}`,
    );
    await setProfilePrivacy(db(), closed.id, false);
    const reopened = lines((await friendsFeed(db(), me.id)).items).filter((line) => line.startsWith(closed.username));
    expect(reopened).toEqual([
      `${closed.username} list_liked Owner public`,
      `${closed.username} list_created ${closed.username.slice(0, 4)} public`,
      `${closed.username} review_published ${g2.title}`,
      `${closed.username} game_status_set ${g1.title}`,
    ]);
    // Unfollowing takes a player's activity away; the player's own feed never shows their own.
    await setFollow(db(), me.id, { userId: open.id }, false);
    expect(lines((await friendsFeed(db(), me.id)).items).some((line) => line.startsWith(open.username))).toBe(false);
    expect((await friendsFeed(db(), open.id)).items).toEqual([]);
  });

  it('drops a list turned private from every feed, the player’s own activity page included, until it is public again', async () => {
    const me = await newPlayer();
    const friend = await newPlayer({ premium: true });
    await setFollow(db(), me.id, { userId: friend.id }, true);
    const made = await createList(db(), friend.id, 'premium', list('Soon private', 'public'));
    const titles = async () => ({
      feed: (await friendsFeed(db(), me.id)).items.map((item) => item.list?.title),
      profile: (await recentActivity(db(), friend.id)).map((item) => item.data.title),
    });
    expect(await titles()).toEqual({ feed: ['Soon private'], profile: ['Soon private'] });
    await updateList(db(), friend.id, 'premium', made.id, { visibility: 'private' });
    expect(await titles()).toEqual({ feed: [], profile: [] });
    await updateList(db(), friend.id, 'premium', made.id, { visibility: 'unlisted' });
    expect(await titles()).toEqual({ feed: [], profile: [] });
    await updateList(db(), friend.id, 'premium', made.id, { visibility: 'public' });
    expect(await titles()).toEqual({ feed: ['Soon private'], profile: ['Soon private'] });
  });

  it('pages newest first by a keyset: no gaps, no repeats, ties broken by id, stable while new things happen', async () => {
    const me = await newPlayer();
    const friends = [await newPlayer(), await newPlayer()];
    for (const friend of friends) await setFollow(db(), me.id, { userId: friend.id }, true);
    // 29 events; five of them at the very same moment.
    const base = Date.parse('2026-06-01T12:00:00.123456Z');
    for (let i = 0; i < 29; i += 1) {
      const friend = friends[i % 2]!;
      const at = i < 5 ? '2026-06-01T10:00:00.000001Z' : new Date(base + i * 1000).toISOString();
      await sql`insert into public.activity_events (actor_id, kind, subject_type, subject_id, game_id, data, created_at)
                values (${friend.id}, 'game_status_set', 'game', ${String(released[i]!.id)}, ${released[i]!.id},
                        '{"status":"playing"}'::jsonb, ${at}::timestamptz)`.execute(db());
    }
    const all = await db()
      .selectFrom('activity_events')
      .select('id')
      .where(
        'actor_id',
        'in',
        friends.map((friend) => friend.id),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const before = cursor === null ? undefined : feedCursorSchema.parse(cursor);
      const page = await friendsFeed(db(), me.id, { before, size: 12 });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next;
      pages += 1;
      // Something new after the first page does not move the later pages.
      if (pages === 1) await setPlayState(db(), friends[0]!.id, released[35]!.id, { status: 'played' });
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.map((row) => row.id));
    expect((await friendsFeed(db(), me.id, { size: 12 })).items[0]!.game?.title).toBe(released[35]!.title);
  });

  it('refuses a cursor that is not one', () => {
    for (const bad of ['', 'abc', '1-', '-1', '1.5-2', `${'9'.repeat(18)}-1`, '1-2; drop table games'])
      expect(feedCursorSchema.safeParse(bad).success, bad).toBe(false);
    expect(feedCursorSchema.parse('1780000000000000-42')).toEqual({ micros: '1780000000000000', id: '42' });
  });
});
