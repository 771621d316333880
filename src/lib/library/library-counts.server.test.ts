import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openMigratedPostgres } from '../../../tests/helpers/database.ts';
import { writersInTurn } from '../../../tests/helpers/writers-in-turn.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { Database } from '../db/schema.ts';
import { profileCounts } from '../profiles/profiles.server.ts';
import { libraryPlatforms, listLibrary, statusCounts } from './play-status.server.ts';
import { countsFromKept, PLAY_STATUSES, shelfCount, type StatusCounts } from './play-status.ts';

// The dashboard's tabs and platform filter and the profile's counts read kept figures
// (user_library_counts, user_library_platforms) that triggers on user_games write. Each
// test changes user_games as the site or an administrator would and compares the kept
// figures with a count of the rows themselves.

let connection: DatabaseConnection;
let games: number[];
let platforms: number[];

async function newPlayer(name: string, db: Kysely<Database> = connection.db): Promise<string> {
  const id = randomUUID();
  await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
            values (${id}, ${`${name}@example.test`}, now(), ${JSON.stringify({ username: name, full_name: name })}::jsonb)`.execute(
    db,
  );
  return id;
}

/** The counts as the rows say, counted live. */
async function recounted(userId: string): Promise<{ counts: StatusCounts; platforms: { id: number; name: string }[] }> {
  const rows = await connection.db
    .selectFrom('user_games')
    .select(['status', 'wishlist', 'favourite', 'platform_id'])
    .where('user_id', '=', userId)
    .execute();
  const counts = countsFromKept(undefined);
  for (const row of rows) {
    if (row.status) {
      counts[row.status] += 1;
      counts.all += 1;
    }
    if (row.wishlist) counts.wishlist += 1;
    if (row.favourite) counts.favourite += 1;
  }
  const used = new Set(rows.flatMap((row) => (row.platform_id === null ? [] : [row.platform_id])));
  const named = await connection.db.selectFrom('platforms').select(['id', 'name']).orderBy('name').execute();
  return { counts, platforms: named.filter((platform) => used.has(platform.id)) };
}

async function expectKeptAsCounted(userId: string) {
  const live = await recounted(userId);
  expect(await statusCounts(connection.db, userId)).toEqual(live.counts);
  expect(await libraryPlatforms(connection.db, userId)).toEqual(live.platforms);
}

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  games = (await connection.db.selectFrom('games').select('id').orderBy('id').limit(8).execute()).map((row) => row.id);
  platforms = (await connection.db.selectFrom('platforms').select('id').orderBy('id').limit(3).execute()).map(
    (row) => row.id,
  );
});

afterAll(() => connection.close());

describe('the kept library counts', () => {
  it('are zeros for a player with no games', async () => {
    const player = await newPlayer('nothingyet');
    expect(await statusCounts(connection.db, player)).toEqual({
      ...Object.fromEntries(PLAY_STATUSES.map((status) => [status, 0])),
      all: 0,
      wishlist: 0,
      favourite: 0,
    });
    expect(await libraryPlatforms(connection.db, player)).toEqual([]);
    expect(await profileCounts(connection.db, player)).toEqual({
      statuses: {},
      wishlist: 0,
      favourites: 0,
      reviews: 0,
    });
  });

  it('follow every insert, update and delete, one row or many in a statement', async () => {
    const player = await newPlayer('keptcounts');
    const bystander = await newPlayer('bystander');
    await connection.db
      .insertInto('user_games')
      .values({ user_id: bystander, game_id: games[0]!, status: 'playing', platform_id: platforms[0]! })
      .execute();
    const bystanderBefore = await statusCounts(connection.db, bystander);

    // Many rows, several players, in one statement.
    await connection.db
      .insertInto('user_games')
      .values([
        { user_id: player, game_id: games[0]!, status: 'playing', platform_id: platforms[0]! },
        { user_id: player, game_id: games[1]!, status: 'playing', wishlist: true, platform_id: platforms[0]! },
        { user_id: player, game_id: games[2]!, status: 'completed', favourite: true, platform_id: platforms[1]! },
        { user_id: player, game_id: games[3]!, wishlist: true },
        { user_id: bystander, game_id: games[1]!, status: 'backlog' },
      ])
      .execute();
    await expectKeptAsCounted(player);
    expect((await statusCounts(connection.db, player)).playing).toBe(2);

    // A status moves, a flag is set, a platform changes: one row at a time.
    await connection.db
      .updateTable('user_games')
      .set({ status: 'abandoned' })
      .where('user_id', '=', player)
      .where('game_id', '=', games[0]!)
      .execute();
    await connection.db
      .updateTable('user_games')
      .set({ favourite: true, platform_id: platforms[2]! })
      .where('user_id', '=', player)
      .where('game_id', '=', games[3]!)
      .execute();
    await expectKeptAsCounted(player);

    // Columns the counts do not read change nothing.
    await connection.db
      .updateTable('user_games')
      .set({ note: 'A private note', hours_played: '12' })
      .where('user_id', '=', player)
      .execute();
    await expectKeptAsCounted(player);

    // The last game on a platform leaves it out of the filter.
    await connection.db
      .updateTable('user_games')
      .set({ platform_id: null })
      .where('user_id', '=', player)
      .where('platform_id', '=', platforms[1]!)
      .execute();
    expect((await libraryPlatforms(connection.db, player)).map((platform) => platform.id)).not.toContain(platforms[1]);
    await expectKeptAsCounted(player);

    // Every row changed in one statement, then some deleted.
    await connection.db
      .updateTable('user_games')
      .set({ status: 'shelved' })
      .where('user_id', '=', player)
      .where('status', 'is not', null)
      .execute();
    await expectKeptAsCounted(player);
    await connection.db.deleteFrom('user_games').where('user_id', '=', player).where('wishlist', '=', true).execute();
    await expectKeptAsCounted(player);

    await expectKeptAsCounted(bystander);
    expect((await statusCounts(connection.db, bystander)).backlog).toBe(bystanderBefore.backlog + 1);
  });

  it('follow a game deleted from the catalogue, a platform deleted, and an account deleted', async () => {
    const player = await newPlayer('leaving');
    const stays = await newPlayer('staying');
    const platform = (
      await connection.db
        .insertInto('platforms')
        .values({ slug: 'kept-counts-console', name: 'Kept Counts Console', abbreviation: 'KCC' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const game = (
      await connection.db
        .insertInto('games')
        .values({ slug: 'kept-counts-game', title: 'Kept Counts Game' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const user of [player, stays]) {
      await connection.db
        .insertInto('user_games')
        .values([
          { user_id: user, game_id: game, status: 'played', platform_id: platform },
          { user_id: user, game_id: games[4]!, status: 'backlog', favourite: true, platform_id: platform },
        ])
        .execute();
    }

    await connection.db.deleteFrom('games').where('id', '=', game).execute();
    await expectKeptAsCounted(stays);
    expect((await statusCounts(connection.db, stays)).played).toBe(0);

    await connection.db.deleteFrom('platforms').where('id', '=', platform).execute();
    await expectKeptAsCounted(stays);
    expect(
      await connection.db
        .selectFrom('user_library_platforms')
        .select('user_id')
        .where('platform_id', '=', platform)
        .execute(),
    ).toEqual([]);

    await sql`delete from auth.users where id = ${player}`.execute(connection.db);
    expect(
      await connection.db.selectFrom('user_library_counts').select('user_id').where('user_id', '=', player).execute(),
    ).toEqual([]);
    await expectKeptAsCounted(stays);
    expect((await statusCounts(connection.db, stays)).backlog).toBe(1);
  });

  it('are what a rebuild from the rows gives', async () => {
    const before = await connection.db.selectFrom('user_library_counts').selectAll().orderBy('user_id').execute();
    const platformsBefore = await connection.db
      .selectFrom('user_library_platforms')
      .selectAll()
      .orderBy('user_id')
      .orderBy('platform_id')
      .execute();
    await sql`select public.rebuild_library_counts()`.execute(connection.db);
    // A player whose games have all gone keeps a row of zeros; a rebuild has no row for them.
    const nonZero = (rows: typeof before) =>
      rows.filter(
        (row) => PLAY_STATUSES.some((status) => row[status] !== 0) || row.wishlist !== 0 || row.favourite !== 0,
      );
    expect(
      nonZero(await connection.db.selectFrom('user_library_counts').selectAll().orderBy('user_id').execute()),
    ).toEqual(nonZero(before));
    expect(
      await connection.db
        .selectFrom('user_library_platforms')
        .selectAll()
        .orderBy('user_id')
        .orderBy('platform_id')
        .execute(),
    ).toEqual(platformsBefore);
  });
});

describe('a shelf with kept counts', () => {
  it('takes its size from the counts, the same as counting its rows', async () => {
    const player = await newPlayer('shelfsize');
    await connection.db
      .insertInto('user_games')
      .values(
        games.map((game, i) => ({
          user_id: player,
          game_id: game,
          status: PLAY_STATUSES[i % 3]!,
          wishlist: i % 2 === 0,
          favourite: i % 4 === 0,
        })),
      )
      .execute();
    const counts = await statusCounts(connection.db, player);
    for (const shelf of [
      { status: 'playing' as const },
      { status: 'played' as const },
      { shelf: 'all' as const },
      { shelf: 'wishlist' as const },
      { shelf: 'favourite' as const },
    ]) {
      const counted = await listLibrary(connection.db, player, { shelf, sort: 'updated', page: 1, pageSize: 2 });
      expect(shelfCount(counts, shelf)).toBe(counted.total);
      const kept = await listLibrary(connection.db, player, {
        shelf,
        sort: 'updated',
        page: 1,
        pageSize: 2,
        total: Promise.resolve(shelfCount(counts, shelf)),
      });
      expect(kept).toEqual(counted);
    }
  });
});

describe('the kept library counts under concurrent writers (PostgreSQL)', () => {
  let postgres: DatabaseConnection | undefined;

  beforeAll(async () => {
    postgres = await openMigratedPostgres(4);
  });

  afterAll(() => postgres?.close());

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'counts both games when two transactions add one each for the same new player at once',
    async () => {
      const db = postgres!.db;
      const player = await newPlayer('twowriters', db);
      const [first, second] = (
        await db
          .insertInto('games')
          .values([
            { slug: 'first-writer-game', title: 'First Writer Game' },
            { slug: 'second-writer-game', title: 'Second Writer Game' },
          ])
          .returning('id')
          .execute()
      ).map((row) => row.id);
      const platform = (
        await db
          .insertInto('platforms')
          .values({ slug: 'writers-console', name: 'Writers Console', abbreviation: 'WC' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

      // The second writer's kept row waits for the first transaction's, which commits only then.
      await writersInTurn(
        db,
        (trx) =>
          trx
            .insertInto('user_games')
            .values({ user_id: player, game_id: first!, status: 'playing', platform_id: platform })
            .execute(),
        () =>
          db
            .transaction()
            .execute((trx) =>
              trx
                .insertInto('user_games')
                .values({ user_id: player, game_id: second!, status: 'playing', wishlist: true, platform_id: platform })
                .execute(),
            ),
      );

      const counts = await statusCounts(db, player);
      expect([counts.playing, counts.all, counts.wishlist]).toEqual([2, 2, 1]);
      expect(
        await db
          .selectFrom('user_library_platforms')
          .select(['platform_id', 'games'])
          .where('user_id', '=', player)
          .execute(),
      ).toEqual([{ platform_id: platform, games: 2 }]);
    },
  );
});
