import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { readMigrationFiles } from '../../src/lib/db/migrations.server.ts';
import { mergeGames } from '../../src/lib/admin/merge.server.ts';
import { setFollow } from '../../src/lib/follows/follows.server.ts';
import { setPlayState } from '../../src/lib/library/play-status.server.ts';
import { playStatusChangeSchema } from '../../src/lib/library/play-status.ts';
import { addEntry, createList } from '../../src/lib/lists/list-writes.server.ts';
import { likeList } from '../../src/lib/lists/list-likes.server.ts';
import { listDetailsSchema } from '../../src/lib/lists/lists.ts';
import { createUserReview, voteHelpful } from '../../src/lib/user-reviews/user-review-writes.server.ts';
import { userReviewInputSchema } from '../../src/lib/user-reviews/user-reviews.ts';
import { awardXp } from '../../src/lib/xp/xp.server.ts';
import {
  createShapeDatabase,
  runCommand,
  SHAPE_SERVER_URL,
  shapeUrl,
  supabaseDeployEnv,
  withClient,
} from '../helpers/supabase-shape.ts';

// The project on a database shaped like a hosted Supabase project (tests/supabase-shape/):
// `postgres` is no superuser, GoTrue acts as supabase_auth_admin, and the migrations go in
// the way the README's deploy steps put them in.

describe.skipIf(!SHAPE_SERVER_URL)('on a Supabase-shaped database', () => {
  let database: { name: string; drop(): Promise<void> };
  let site: DatabaseConnection;
  let seedOutput: string;

  beforeAll(async () => {
    database = await createShapeDatabase('migrated');
    seedOutput = await runCommand('npm run db:seed', supabaseDeployEnv(database.name));
    // The site's server connects as `postgres`, as on a hosted project.
    site = openPostgres(shapeUrl(database.name, 'postgres'), 2);
  }, 240_000);

  afterAll(async () => {
    await site?.close();
    await database?.drop();
  });

  it('has postgres as no superuser, and every migration applied by `npm run db:migrate` as postgres', async () => {
    const role = await sql<{
      rolsuper: boolean;
      rolbypassrls: boolean;
    }>`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`.execute(site.db);
    expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: true });
    const applied = await sql<{ name: string }>`select name from app_meta.schema_migrations order by name`.execute(
      site.db,
    );
    expect(applied.rows.map((row) => row.name)).toEqual((await readMigrationFiles()).map((file) => file.name));
    // What only the service tables' policy grants allow: the storage and realtime policies are in.
    const policies = await sql<{ table: string; n: number }>`
      select schemaname || '.' || tablename as "table", count(*)::int as n from pg_policies
      where schemaname in ('storage', 'realtime') group by 1 order by 1`.execute(site.db);
    expect(policies.rows.map((row) => row.table)).toEqual(['realtime.messages', 'storage.objects']);
  });

  it('loads the demo data with `npm run db:seed`', async () => {
    expect(seedOutput).toMatch(/demo catalogue: \d+ games added/);
    const games = await sql<{ n: number }>`select count(*)::int as n from public.games`.execute(site.db);
    expect(games.rows[0]!.n).toBeGreaterThan(10);
  });

  describe('GoTrue deleting a user (the dashboard\'s "Delete user", as supabase_auth_admin)', () => {
    it('removes a user with statuses, reviews, lists, follows and XP, and keeps every derived figure right', async () => {
      const [gameA, gameB] = await twoReleasedGames(site.db);
      const owner = await signUp(database.name, 'leaving');
      const other = await signUp(database.name, 'staying');
      await premium(site.db, owner);
      await premium(site.db, other);

      await setPlayState(
        site.db,
        owner,
        gameA,
        playStatusChangeSchema.parse({ status: 'completed', favourite: true, hoursPlayed: 12 }),
      );
      await setPlayState(site.db, owner, gameB, playStatusChangeSchema.parse({ status: 'playing' }));
      await setPlayState(site.db, other, gameA, playStatusChangeSchema.parse({ status: 'playing' }));
      const review = await createUserReview(
        site.db,
        owner,
        'premium',
        userReviewInputSchema.parse({ gameId: gameA, rating: 8, body: 'Kept me up all night.' }),
      );
      if (!review.ok) throw new Error(`review refused: ${JSON.stringify(review)}`);
      const othersReview = await createUserReview(
        site.db,
        other,
        'premium',
        userReviewInputSchema.parse({ gameId: gameA, rating: 6 }),
      );
      if (!othersReview.ok) throw new Error('review refused');
      await voteHelpful(site.db, owner, othersReview.value.id, true);
      const list = await createList(site.db, owner, 'premium', listDetailsSchema.parse({ title: 'Night games' }));
      await addEntry(site.db, owner, 'premium', list.id, gameA, null);
      const othersList = await createList(site.db, other, 'premium', listDetailsSchema.parse({ title: 'Mornings' }));
      await likeList(site.db, owner, othersList.id);
      await setFollow(site.db, owner, { userId: other }, true);
      await setFollow(site.db, other, { userId: owner }, true);
      await site.db
        .transaction()
        .execute((trx) =>
          awardXp(trx, { userId: owner, kind: 'review_published', source: `review:${review.value.id}` }),
        );

      const before = await figures(site.db, gameA, other, othersList.id, othersReview.value.id);
      expect(before.followers).toBe(1);

      await withClient(database.name, 'supabase_auth_admin', (gotrue) =>
        gotrue.query('delete from auth.users where id = $1', [owner]),
      );

      const left = await sql<{ n: number }>`
        select ((select count(*) from public.profiles where id = ${owner})
          + (select count(*) from public.user_games where user_id = ${owner})
          + (select count(*) from public.user_reviews where user_id = ${owner})
          + (select count(*) from public.user_lists where user_id = ${owner})
          + (select count(*) from public.user_follows where follower_id = ${owner} or followed_id = ${owner})
          + (select count(*) from public.xp_ledger where user_id = ${owner})
          + (select count(*) from public.user_xp where user_id = ${owner}))::int as n`.execute(site.db);
      expect(left.rows[0]!.n).toBe(0);
      // What derived from the departed user's rows lost exactly their share.
      const after = await figures(site.db, gameA, other, othersList.id, othersReview.value.id);
      expect(after).toEqual({
        gameStatuses: before.gameStatuses - 1,
        userRatingCount: before.userRatingCount - 1,
        followers: 0,
        following: 0,
        listLikes: before.listLikes - 1,
        helpful: before.helpful - 1,
      });
    });
  });

  it("broadcasts a new notification on the user's private channel, which only that user may join", async () => {
    const player = await signUp(database.name, 'listener');
    const stranger = await signUp(database.name, 'eavesdropper');
    await sql`insert into public.notifications (user_id, kind, source) values (${player}, 'level_up', 'shape-broadcast')`.execute(
      site.db,
    );
    // Realtime checks a join by selecting from realtime.messages as the user, with the topic set.
    const join = (userId: string) =>
      withClient(database.name, 'postgres', async (client) => {
        await client.query('begin');
        await client.query(
          `select set_config('request.jwt.claims', $1, true), set_config('realtime.topic', $2, true)`,
          [JSON.stringify({ sub: userId, role: 'authenticated' }), `user:${player}`],
        );
        await client.query('set local role authenticated');
        const rows = await client.query<{ event: string; kind: string }>(
          `select event, payload ->> 'kind' as kind from realtime.messages where topic = $1 and extension = 'broadcast'`,
          [`user:${player}`],
        );
        await client.query('rollback');
        return rows.rows;
      });
    expect(await join(player)).toEqual([{ event: 'notification', kind: 'level_up' }]);
    expect(await join(stranger)).toEqual([]);
  });

  it('merges two games as the site does (postgres), the triggers that keep figures included', async () => {
    const [survivor, duplicate] = await twoReleasedGames(site.db, 10);
    const player = await signUp(database.name, 'merger');
    await setPlayState(site.db, player, duplicate, playStatusChangeSchema.parse({ status: 'completed' }));
    const admin = await signUp(database.name, 'admin');
    const outcome = await mergeGames(site.db, { survivorId: survivor, duplicateId: duplicate, adminId: admin });
    expect(outcome.removed.id).toBe(duplicate);
    const status = await site.db.selectFrom('user_games').select('game_id').where('user_id', '=', player).execute();
    expect(status).toEqual([{ game_id: survivor }]);
  });
});

/** A user as GoTrue's sign-up writes one (as supabase_auth_admin); the profile comes from the trigger. */
async function signUp(database: string, prefix: string): Promise<string> {
  const id = randomUUID();
  const username = `${prefix}_${id.slice(0, 6)}`;
  await withClient(database, 'supabase_auth_admin', (gotrue) =>
    gotrue.query(
      `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data, created_at, updated_at, email_confirmed_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, now(), now(), now())`,
      [id, `${username}@example.test`, JSON.stringify({ username, full_name: prefix })],
    ),
  );
  return id;
}

async function premium(db: Kysely<Database>, userId: string): Promise<void> {
  const plan = await db
    .selectFrom('subscription_plans')
    .select('id')
    .where('name', '=', 'premium')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_subscriptions').values({ user_id: userId, plan_id: plan.id, status: 'active' }).execute();
}

async function twoReleasedGames(db: Kysely<Database>, offset = 0): Promise<[number, number]> {
  const rows = await db
    .selectFrom('games')
    .select('id')
    .where('release_date', '<', sql<string>`current_date - 30`)
    .orderBy('id')
    .offset(offset)
    .limit(2)
    .execute();
  const [first, second] = rows;
  if (!first || !second) throw new Error('not enough released demo games');
  return [first.id, second.id];
}

async function figures(db: Kysely<Database>, gameId: number, otherUser: string, listId: number, reviewId: string) {
  const result = await sql<{
    gameStatuses: number;
    userRatingCount: number;
    followers: number;
    following: number;
    listLikes: number;
    helpful: number;
  }>`
    select
      (select count(*)::int from public.user_games where game_id = ${gameId}) as "gameStatuses",
      (select coalesce(max(rating_count), 0) from public.game_user_scores where game_id = ${gameId}) as "userRatingCount",
      (select coalesce(max(followers), 0) from public.follow_counts where subject_type = 'user' and subject_id = ${otherUser}) as followers,
      (select coalesce(max(following), 0) from public.follow_counts where subject_type = 'user' and subject_id = ${otherUser}) as following,
      (select likes_count from public.user_lists where id = ${listId}) as "listLikes",
      (select helpful_count from public.user_reviews where id = ${reviewId}) as helpful`.execute(db);
  return result.rows[0]!;
}
