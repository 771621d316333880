// `npm run bench`, before the server starts: opens the bench database (PGLITE_DIR) and makes
// the synthetic players the writes are measured as able to sign in, then prints, as one
// line of JSON, what the measurements address (paths, ids). Run in its own process because
// the embedded database has one owner at a time.
//
// Players 1 and 2 get the bench password, an email identity and a Premium membership
// (reviews need it); player 1 (2000 games, the 1000-entry list) also owns the outlet every
// player follows, so publishing a review to it fans out to 100 000 followers.
import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import { connectFromEnv } from '../../src/lib/db/db.server.ts';
import { rankAllSimilarGames } from '../../src/lib/games/similar-kept.server.ts';
import { draftScoreProblem } from '../../src/lib/outlets/manage.ts';
import {
  loadSyntheticUsers,
  syntheticUserId,
  syntheticUsername,
} from '../../src/lib/seed/synthetic/community/users.server.ts';
import { BENCH_IMPORT_TITLE } from './long-work.ts';

import { BENCH_PASSWORD, SOCKET_PLAYERS, type BenchPlan } from './plan.ts';

const connection = await connectFromEnv();
const db = connection.db;
try {
  // The games an earlier run's catalogue import added go first (scripts/bench/long-work.ts).
  await sql`delete from public.games where title like ${`${BENCH_IMPORT_TITLE} %`}`.execute(db);
  // A site whose keep-similar-games job has gone round the catalogue once keeps every game's
  // similar games; on a data set where some have none, the bench ranks them all first, so
  // the pages are measured as they are after a round.
  const unranked = await sql<{ n: number }>`
    select count(*)::int as n from public.games g
    where not exists (select 1 from public.similar_game_rankings r where r.game_id = g.id)`.execute(db);
  if (unranked.rows[0]!.n > 0) {
    const rankStarted = performance.now();
    const ranked = await rankAllSimilarGames(db);
    console.error(
      `   similar games ranked for ${ranked} games in ${((performance.now() - rankStarted) / 1000).toFixed(1)} s`,
    );
  }
  // PostgreSQL after a bulk load: the visibility map and statistics autovacuum would get to
  // in time (index-only scans read the heap until then), so the first rows are not skewed.
  if (connection.kind === 'postgres') await sql`vacuum (analyze)`.execute(db);
  const hash = await bcrypt.hash(BENCH_PASSWORD, 10);
  // The long-work rows' players: the last synthetic player imports a library file, so it is
  // made again with nothing (its rows cascade away, the kept counts with them); the one before
  // it is an administrator.
  const playerCount = (
    await sql<{ n: number }>`select count(*)::int as n from auth.users where email like '%@synthetic.invalid'`.execute(
      db,
    )
  ).rows[0]!.n;
  await sql`delete from auth.users where id = ${syntheticUserId(playerCount)}`.execute(db);
  await loadSyntheticUsers(db, { count: playerCount });
  await sql`insert into app_meta.admins (user_id) values (${syntheticUserId(playerCount - 1)}) on conflict do nothing`.execute(
    db,
  );
  const players = [1, 2, playerCount, playerCount - 1].map((n) => ({
    id: syntheticUserId(n),
    username: syntheticUsername(n),
    email: `${syntheticUsername(n)}@synthetic.invalid`,
  }));
  const [heavy, voter, importer, admin] = players as [
    BenchPlan['heavy'],
    BenchPlan['voter'],
    BenchPlan['importer'],
    BenchPlan['admin'],
  ];
  // The socket holders sign in a thousand times: a hash of the lowest cost keeps that quick.
  const cheapHash = await bcrypt.hash(BENCH_PASSWORD, 4);
  const socketIds = Array.from({ length: SOCKET_PLAYERS }, (_, i) => syntheticUserId(3 + i));
  await sql`update auth.users set encrypted_password = ${cheapHash} where id = any(${socketIds}::uuid[])`.execute(db);
  await sql`
    insert into auth.identities (provider_id, user_id, provider, identity_data)
    select u.id::text, u.id, 'email', jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false)
      from auth.users u
     where u.id = any(${[...socketIds, ...players.map((player) => player.id)]}::uuid[]) and not exists (select 1 from auth.identities i where i.user_id = u.id)`.execute(
    db,
  );
  // Premium (writing reviews needs it) and the bench password for the two measured players.
  const playerIds = players.map((player) => player.id);
  await sql`
    insert into public.user_subscriptions (user_id, plan_id, status)
    select u.id, (select id from public.subscription_plans where name = 'premium'), 'active'
      from auth.users u
     where u.id = any(${playerIds}::uuid[])
       and not exists (select 1 from public.user_subscriptions s where s.user_id = u.id and s.status = 'active')`.execute(
    db,
  );
  await sql`update auth.users set encrypted_password = ${hash} where id = any(${playerIds}::uuid[])`.execute(db);

  const longList = await db
    .selectFrom('user_lists')
    .select(['id', 'slug'])
    .where('user_id', '=', heavy.id)
    .orderBy('entries_count', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('user_list_entries')
    .select('game_id')
    .where('list_id', '=', longList.id)
    .orderBy('position')
    .execute();

  const listPaths = (
    await sql<{ username: string; slug: string }>`
      select p.username, l.slug from public.user_lists l join public.profiles p on p.id = l.user_id
       where l.visibility = 'public' and l.user_id <> ${heavy.id} and l.entries_count > 0
       order by l.id limit 3000`.execute(db)
  ).rows.map((row) => `/${row.username}/lists/${row.slug}`);
  const profilePaths = Array.from({ length: 8000 }, (_, i) => `/${syntheticUsername(3 + ((i * 7919) % 90_000))}`);
  // Years in review of players with activity in them: the heavy player's first.
  const yearPaths = (
    await sql<{ username: string; year: number }>`
      select p.username, k.year from public.user_year_stats k join public.profiles p on p.id = k.user_id
       where k.year > 0 and (k.games_played > 0 or k.reviews > 0 or k.lists > 0)
       order by k.user_id = ${heavy.id} desc, k.user_id, k.year limit 8000`.execute(db)
  ).rows.map((row) => `/${row.username}/year/${row.year}`);
  const reviewedGameSlugs = (
    await sql<{ slug: string }>`
      select g.slug from public.games g
        join (select game_id, count(*) as n from public.user_reviews group by game_id order by n desc limit 3000) r on r.game_id = g.id
       order by r.n desc`.execute(db)
  ).rows.map((row) => row.slug);
  const statusGameIds = (
    await db
      .selectFrom('user_games')
      .select('game_id')
      .where('user_id', '=', heavy.id)
      .where('status', 'is not', null)
      .orderBy('game_id')
      .limit(400)
      .execute()
  ).map((row) => row.game_id);
  const unreviewedGameIds = (
    await sql<{ id: number }>`
      select g.id from public.games g
       where g.release_date <= current_date - 2
         and not exists (select 1 from public.user_reviews r where r.game_id = g.id and r.user_id = ${voter.id})
       order by g.id desc limit 400`.execute(db)
  ).rows.map((row) => row.id);
  const votableReviewIds = (
    await sql<{ id: string }>`
      select r.id::text from public.user_reviews r
       where r.user_id not in (${heavy.id}, ${voter.id})
       order by r.id limit 400`.execute(db)
  ).rows.map((row) => row.id);

  // The outlet every player follows: the heavy player becomes one of its owners.
  const outlet = (
    await sql<{ id: number; slug: string; score_scale: string; followers: number }>`
      select o.id, o.slug, o.score_scale, count(f.user_id)::int as followers
        from public.outlets o join public.outlet_follows f on f.outlet_id = o.id
       group by o.id order by followers desc, o.id limit 1`.execute(db)
  ).rows[0];
  let outletPlan: BenchPlan['outlet'] = { slug: '', followers: 0, rawScore: null, gameSlugs: [] };
  if (outlet) {
    await db
      .insertInto('outlet_owners')
      .values({ outlet_id: outlet.id, user_id: heavy.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const candidates = ['80', '8', '8.0', '4', '4.0', 'B', 'B+', '4/5', '8/10', '80/100'];
    const rawScore =
      candidates.find(
        (score) =>
          !draftScoreProblem(outlet.score_scale as Parameters<typeof draftScoreProblem>[0], {
            kind: 'review',
            rawScore: score,
            recommended: true,
          }),
      ) ?? null;
    const gameSlugs = (
      await sql<{ slug: string }>`
        select g.slug from public.games g
         where g.release_date <= current_date - 2
           and not exists (select 1 from public.critic_reviews c where c.game_id = g.id and c.outlet_id = ${outlet.id})
           and not exists (select 1 from public.critic_review_drafts d where d.game_id = g.id and d.outlet_id = ${outlet.id})
         order by g.id desc limit 20`.execute(db)
    ).rows.map((row) => row.slug);
    outletPlan = { slug: outlet.slug, followers: outlet.followers, rawScore, gameSlugs };
  }
  const outletSlugs = (await db.selectFrom('outlets').select('slug').orderBy('id').limit(500).execute()).map(
    (row) => row.slug,
  );
  const importTitles = (
    await sql<{ title: string }>`select title from public.games order by md5(id::text) limit 5000`.execute(db)
  ).rows.map((row) => row.title);

  const count = async (label: string, query: ReturnType<typeof sql<{ n: number }>>) =>
    [label, (await query.execute(db)).rows[0]!.n] as const;
  const counts = Object.fromEntries([
    await count('games', sql`select count(*)::int as n from public.games`),
    await count('critic reviews', sql`select count(*)::int as n from public.critic_reviews`),
    await count(
      'players (synthetic)',
      sql`select count(*)::int as n from auth.users where email like '%@synthetic.invalid'`,
    ),
    await count('play status rows', sql`select count(*)::int as n from public.user_games`),
    await count('custom lists', sql`select count(*)::int as n from public.user_lists`),
    await count('list entries', sql`select count(*)::int as n from public.user_list_entries`),
    await count('user reviews', sql`select count(*)::int as n from public.user_reviews`),
    await count('XP ledger rows', sql`select count(*)::int as n from public.xp_ledger`),
    await count('outlet follows', sql`select count(*)::int as n from public.outlet_follows`),
    await count('followers of the most followed outlet', sql`select ${outlet?.followers ?? 0}::int as n`),
    await count(
      'games of the heavy player',
      sql`select count(*)::int as n from public.user_games where user_id = ${heavy.id}`,
    ),
    await count('entries of the heavy player’s long list', sql`select ${entries.length}::int as n`),
  ]);

  const plan: BenchPlan = {
    heavy,
    voter,
    longList: {
      id: longList.id,
      path: `/${heavy.username}/lists/${longList.slug}`,
      gameIds: entries.map((entry) => entry.game_id),
    },
    listPaths,
    profilePaths,
    yearPaths,
    reviewedGameSlugs,
    statusGameIds,
    unreviewedGameIds,
    votableReviewIds,
    outlet: outletPlan,
    outletSlugs,
    importer,
    admin,
    importTitles,
    counts,
    socketEmails: Array.from({ length: SOCKET_PLAYERS }, (_, i) => `${syntheticUsername(3 + i)}@synthetic.invalid`),
  };
  console.log(`BENCH_PLAN ${JSON.stringify(plan)}`);
} finally {
  await connection.close();
}
