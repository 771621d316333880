import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { setFollow } from '../follows/follows.server.ts';
import {
  deleteExpiredNotifications,
  listNotifications,
  liveOutletReviewWriter,
  markRead,
  setPreferences,
  writeRecentOutletReviews,
} from './notifications.server.ts';

// An outlet's followers are told of its reviews when they next read their notifications
// (or at once while listening live): what they are told must be what writing every
// follower's row at publication told them.

let connection: DatabaseConnection;
let outlet: { id: number; slug: string };
let games: number[];
let nextGame = 0;

async function newUser(): Promise<string> {
  const id = randomUUID();
  await sql`insert into auth.users (id, email) values (${id}, ${`${id}@example.test`})`.execute(connection.db);
  return id;
}

/** Publishes a review of a game the outlet has not reviewed yet; returns its id. */
async function publish(score = '80', publishedAt = sql`now()`): Promise<string> {
  const game = games[nextGame++]!;
  const { rows } = await sql<{ id: string }>`
    insert into public.critic_reviews (game_id, outlet_id, score_scale, raw_score, published_at)
    values (${game}, ${outlet.id}, 'hundred', ${score}, ${publishedAt}) returning id`.execute(connection.db);
  return rows[0]!.id;
}

const follow = (userId: string) => setFollow(connection.db, userId, { outletSlug: outlet.slug }, true);
const told = async (userId: string) =>
  (await listNotifications(connection.db, userId)).items.filter((item) => item.kind === 'outlet_review');
/** Whether the user, reading now, is told of this review. */
const toldOf = async (userId: string, reviewId: string) => {
  await listNotifications(connection.db, userId);
  const row = await connection.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('source', '=', `critic_review:${reviewId}`)
    .executeTakeFirst();
  return row !== undefined;
};
/** Moves everything recorded so far back in time, in the database. */
const ageEvents = (hours: number) =>
  sql`update public.outlet_review_events set created_at = created_at - make_interval(hours => ${hours}), recorded_at = recorded_at - make_interval(hours => ${hours})`.execute(
    connection.db,
  );
const ageFollows = (hours: number) =>
  sql`update public.outlet_follows set created_at = created_at - make_interval(hours => ${hours})`.execute(
    connection.db,
  );

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true });
  outlet = await connection.db.selectFrom('outlets').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
  const rows = await sql<{ id: number }>`
    select g.id from public.games g
    where not exists (select 1 from public.critic_reviews r where r.game_id = g.id and r.outlet_id = ${outlet.id})
    order by g.id limit 20`.execute(connection.db);
  games = rows.rows.map((row) => row.id);
  // The demo's own reviews were published long before anyone here follows the outlet.
  await ageEvents(1000);
});
afterAll(() => connection.close());

describe("an outlet's reviews reach its followers on read", () => {
  it('tells each follower once, with the unread count, and keeps it read', async () => {
    const fan = await newUser();
    await follow(fan);
    const review = await publish('91');
    const first = await listNotifications(connection.db, fan);
    expect(first.unread).toBe(1);
    expect(first.items.map((item) => [item.kind, item.data.outletSlug, item.read])).toEqual([
      ['outlet_review', outlet.slug, false],
    ]);
    expect(first.items[0]!.text).toMatch(/\(91\)$/);
    await markRead(connection.db, fan, { all: true });
    const again = await listNotifications(connection.db, fan);
    expect(again.unread).toBe(0);
    expect(again.items).toHaveLength(1);
    const rows = await connection.db.selectFrom('notifications').select('source').where('user_id', '=', fan).execute();
    expect(rows).toEqual([{ source: `critic_review:${review}` }]);
  });

  it('tells only who followed before the publication, not later followers', async () => {
    const before = await newUser();
    await follow(before);
    const review = await publish();
    await ageEvents(1);
    await ageFollows(2);
    const after = await newUser();
    await follow(after);
    // Both read for the first time now.
    expect(await toldOf(after, review)).toBe(false);
    expect(await toldOf(before, review)).toBe(true);
  });

  it('respects the preference as it was at publication', async () => {
    const quiet = await newUser();
    await follow(quiet);
    await setPreferences(connection.db, quiet, { outlet_review: false });
    const whileOff = await publish();
    await ageEvents(1);
    await ageFollows(2);
    await setPreferences(connection.db, quiet, { outlet_review: true });
    expect(await toldOf(quiet, whileOff)).toBe(false);
    // Saving the same choice again does not forget when it was turned on.
    await setPreferences(connection.db, quiet, { outlet_review: true });
    const whileOn = await publish();
    expect(await toldOf(quiet, whileOn)).toBe(true);
    expect(await toldOf(quiet, whileOff)).toBe(false);
  });

  it('does not tell of a review unpublished or deleted before the follower read', async () => {
    const fan = await newUser();
    await follow(fan);
    const gone = await publish();
    await sql`delete from public.critic_reviews where id = ${gone}`.execute(connection.db);
    const embargoed = await publish('70', sql`now() + interval '1 day'`);
    expect(await toldOf(fan, gone)).toBe(false);
    expect(await toldOf(fan, embargoed)).toBe(false);
    // The embargo lifts (the job turns counted on): now it is told.
    await sql`update public.critic_reviews set published_at = now() - interval '1 second', counted = true where id = ${embargoed}`.execute(
      connection.db,
    );
    expect(await toldOf(fan, embargoed)).toBe(true);
  });

  it('keeps to the tier: nothing older than its hours, and nothing the retention job deleted comes back', async () => {
    const reader = await newUser();
    await follow(reader);
    await ageFollows(100);
    await publish();
    await ageEvents(30);
    // Free keeps 24 hours: a review of 30 hours ago is not told.
    expect(await told(reader)).toHaveLength(0);
    await sql`insert into public.user_subscriptions (user_id, plan_id, status)
              select ${reader}, id, 'active' from public.subscription_plans where name = 'premium'`.execute(
      connection.db,
    );
    // Already looked at since: upgrading does not bring older publications in either.
    expect(await told(reader)).toHaveLength(0);
    await ageEvents(150);
    await deleteExpiredNotifications(connection.db);
    // Every event older than the longest retention is gone.
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from public.outlet_review_events where created_at < now() - interval '168 hours'`.execute(
      connection.db,
    );
    expect(left.rows[0]!.n).toBe(0);
  });

  it('writes at once for users listening live, only what was just published and only for them', async () => {
    const live = await newUser();
    const away = await newUser();
    await follow(live);
    await follow(away);
    const first = await publish();
    expect(await writeRecentOutletReviews(connection.db, [live], 15)).toBe(1);
    expect(await writeRecentOutletReviews(connection.db, [live], 15)).toBe(0);
    const stored = await sql<{
      user_id: string;
    }>`select user_id from public.notifications where user_id in (${live}, ${away}) and kind = 'outlet_review'`.execute(
      connection.db,
    );
    expect(stored.rows).toEqual([{ user_id: live }]);
    await ageEvents(1);
    const second = await publish();
    await ageEvents(1);
    expect(await writeRecentOutletReviews(connection.db, [away], 15)).toBe(0);
    // Still followers before both publications, when they read.
    await ageFollows(3);
    expect(await toldOf(away, first)).toBe(true);
    expect(await toldOf(away, second)).toBe(true);
  });

  it('writes a publication once per listener however often the live service asks, and again when someone new listens', async () => {
    const first = await newUser();
    const second = await newUser();
    await follow(first);
    await follow(second);
    await ageFollows(1);
    const write = liveOutletReviewWriter(15);
    await publish();
    expect(await write(connection.db, [first])).toBe(1);
    // The next polls of the window: nothing new, nothing written or even tried.
    expect(await write(connection.db, [first])).toBeNull();
    expect(await write(connection.db, [first])).toBeNull();
    // Someone else opens the site: their row is written, the first one's is not again.
    expect(await write(connection.db, [first, second])).toBe(1);
    await publish();
    expect(await write(connection.db, [second, first])).toBe(2);
    expect(await write(connection.db, [])).toBeNull();
  });

  it('writes every follower at publication where the database broadcasts notifications itself (hosted Supabase)', async () => {
    const one = await newUser();
    const two = await newUser();
    const quiet = await newUser();
    const elsewhere = await newUser();
    await follow(one);
    await follow(two);
    await follow(quiet);
    await setPreferences(connection.db, quiet, { outlet_review: false });
    // Follows another outlet only: its publications are not this user's news.
    const other = await connection.db
      .selectFrom('outlets')
      .select('slug')
      .where('id', '<>', outlet.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await setFollow(connection.db, elsewhere, { outletSlug: other.slug }, true);
    // Stands in for Supabase Realtime's realtime.send in this database; removed afterwards.
    await sql
      .raw(
        `create schema if not exists realtime;
      create function realtime.send(payload jsonb, event text, topic text, private boolean) returns void language sql as 'select null';`,
      )
      .execute(connection.db);
    try {
      const review = await publish('77');
      const written = await sql<{ user_id: string; data: { outletSlug: string; score: number } }>`
        select user_id, data from public.notifications where source = ${`critic_review:${review}`} and user_id in (${one}, ${two}, ${quiet}, ${elsewhere}) order by user_id`.execute(
        connection.db,
      );
      expect(written.rows.map((row) => row.user_id)).toEqual([one, two].sort());
      expect(written.rows.map((row) => [row.data.outletSlug, row.data.score])).toEqual([
        [outlet.slug, 77],
        [outlet.slug, 77],
      ]);
      // Reading later adds nothing: each follower has the review once.
      const again = await sql<{
        n: number;
      }>`select count(*)::int as n from public.notifications where source = ${`critic_review:${review}`}`.execute(
        connection.db,
      );
      await listNotifications(connection.db, one);
      await listNotifications(connection.db, two);
      const after = await sql<{
        n: number;
      }>`select count(*)::int as n from public.notifications where source = ${`critic_review:${review}`}`.execute(
        connection.db,
      );
      expect(after.rows[0]!.n).toBe(again.rows[0]!.n);
    } finally {
      await sql.raw('drop schema realtime cascade').execute(connection.db);
    }
  });
});
