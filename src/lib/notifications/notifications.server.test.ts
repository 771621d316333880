import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { handleListNotifications, handleMarkRead } from '../../../functions/community/handlers.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { setFollow } from '../follows/follows.server.ts';
import {
  deleteExpiredNotifications,
  listNotifications,
  notify,
  notifyWishlistReleases,
  setPreferences,
} from './notifications.server.ts';

let connection: DatabaseConnection;

async function newUser(name: string): Promise<string> {
  const id = randomUUID();
  await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
            values (${id}, ${`${name}@example.test`}, now(), ${JSON.stringify({ username: name, full_name: name })}::jsonb)`.execute(
    connection.db,
  );
  return id;
}

async function setTier(userId: string, tier: 'free' | 'ad_free' | 'premium') {
  await sql`update public.user_subscriptions set status = 'canceled' where user_id = ${userId} and status = 'active'`.execute(
    connection.db,
  );
  if (tier === 'free') return;
  await sql`insert into public.user_subscriptions (user_id, plan_id, status)
            select ${userId}, id, 'active' from public.subscription_plans where name = ${tier}`.execute(connection.db);
}

/** Moves a user's notifications back in time, in the database. */
const age = (userId: string, hours: number) =>
  sql`update public.notifications set created_at = now() - make_interval(hours => ${hours}) where user_id = ${userId}`.execute(
    connection.db,
  );

const kept = async (userId: string) => (await listNotifications(connection.db, userId)).items.length;
const stored = async (userId: string) =>
  Number(
    (
      await connection.db
        .selectFrom('notifications')
        .select(sql<string>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const user = (id: string) => ({ id, email: null }) as never;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true });
});
afterAll(() => connection.close());

describe('retention per tier', () => {
  it('shows and keeps 24 hours on Free, 72 on Ad-Free, 168 on Premium, following upgrades and downgrades', async () => {
    const frank = await newUser('ntfrank');
    await notify(connection.db, {
      userId: frank,
      kind: 'level_up',
      source: 'level:2',
      data: { level: 2, name: 'Newcomer II' },
    });
    await age(frank, 48);
    expect(await kept(frank)).toBe(0);
    await setTier(frank, 'ad_free');
    expect(await kept(frank)).toBe(1);
    await deleteExpiredNotifications(connection.db);
    expect(await stored(frank)).toBe(1);
    await age(frank, 100);
    expect(await kept(frank)).toBe(0);
    await setTier(frank, 'premium');
    expect(await kept(frank)).toBe(1);
    await deleteExpiredNotifications(connection.db);
    expect(await stored(frank)).toBe(1);
    // Downgraded to Free: no longer shown, and the job deletes it.
    await setTier(frank, 'free');
    expect(await kept(frank)).toBe(0);
    await deleteExpiredNotifications(connection.db);
    expect(await stored(frank)).toBe(0);
  });
});

describe('notifications belong to their user', () => {
  it("never lists or marks another user's notifications through the API", async () => {
    const owner = await newUser('ntowner');
    const stranger = await newUser('ntstranger');
    await notify(connection.db, {
      userId: owner,
      kind: 'level_up',
      source: 'level:3',
      data: { level: 3, name: 'Newcomer III' },
    });
    const [mine] = (await listNotifications(connection.db, owner)).items;
    const theirs = (await (
      await handleListNotifications(new Request('http://x/api/notifications'), {
        user: user(stranger),
        db: () => Promise.resolve(connection.db),
      })
    ).json()) as { items: unknown[] };
    expect(theirs.items).toEqual([]);
    const marked = await handleMarkRead(
      new Request('http://x/api/notifications/read', { method: 'POST', body: JSON.stringify({ ids: [mine!.id] }) }),
      { user: user(stranger), db: () => Promise.resolve(connection.db) },
    );
    expect(await marked.json()).toEqual({ updated: 0, unread: 0 });
    expect((await listNotifications(connection.db, owner)).unread).toBe(1);
    const anonymous = await handleListNotifications(new Request('http://x/api/notifications'), {
      user: null,
      db: () => Promise.resolve(connection.db),
    });
    expect(anonymous.status).toBe(401);
    const bad = await handleMarkRead(
      new Request('http://x/api/notifications/read', { method: 'POST', body: '{"ids":["x"]}' }),
      { user: user(owner), db: () => Promise.resolve(connection.db) },
    );
    expect(bad.status).toBe(400);
  });
});

describe('outlet reviews and wishlist releases', () => {
  it("tells an outlet's followers once when a review is published, and not before its embargo lifts", async () => {
    const fan = await newUser('ntfan');
    const quiet = await newUser('ntquiet');
    const outlet = await connection.db
      .selectFrom('outlets')
      .select(['id', 'slug'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await setFollow(connection.db, fan, { outletSlug: outlet.slug }, true);
    await setFollow(connection.db, quiet, { outletSlug: outlet.slug }, true);
    await setPreferences(connection.db, quiet, { outlet_review: false });
    const game = await sql<{ id: number }>`
      select g.id from public.games g where not exists (select 1 from public.critic_reviews r where r.game_id = g.id and r.outlet_id = ${outlet.id}) limit 2`.execute(
      connection.db,
    );
    const [now, later] = game.rows;
    await sql`insert into public.critic_reviews (game_id, outlet_id, score_scale, raw_score, published_at)
              values (${now!.id}, ${outlet.id}, 'hundred', '88', now()), (${later!.id}, ${outlet.id}, 'hundred', '70', now() + interval '1 day')`.execute(
      connection.db,
    );
    const items = (await listNotifications(connection.db, fan)).items;
    expect(items.map((item) => item.kind)).toEqual(['outlet_review']);
    expect(items[0]!.text).toMatch(/reviewed .+ \(88\)$/);
    expect(await stored(quiet)).toBe(0);
  });

  it('tells a wishlister on the release day, once', async () => {
    const wisher = await newUser('ntwisher');
    const game = await sql<{ id: number }>`
      update public.games set release_date = (now() at time zone 'utc')::date where id = (select min(id) from public.games) returning id`.execute(
      connection.db,
    );
    await sql`insert into public.user_games (user_id, game_id, wishlist) values (${wisher}, ${game.rows[0]!.id}, true)`.execute(
      connection.db,
    );
    await notifyWishlistReleases(connection.db);
    await notifyWishlistReleases(connection.db);
    expect((await listNotifications(connection.db, wisher)).items.map((item) => item.kind)).toEqual([
      'wishlist_release',
    ]);
  });
});
