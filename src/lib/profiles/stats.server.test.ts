import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openMigratedPostgres } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { Database } from '../db/schema.ts';
import { setPlayState } from '../library/play-status.server.ts';
import { createList, deleteList, updateList } from '../lists/list-writes.server.ts';
import { createUserReview, deleteUserReview, updateUserReview } from '../user-reviews/user-review-writes.server.ts';
import { profileStats, yearInReview } from './stats.server.ts';

// The kept stats (user_year_stats, user_year_genres, user_year_platforms, user_rating_counts)
// follow every write that moves them, through the site's own write paths, and always equal
// what rebuild_player_stats() recounts from the rows. A year's figures are also recomputed
// here by hand from the player's rows. On the embedded database, and on PostgreSQL when
// TEST_DATABASE_URL is set.

type Db = Kysely<Database>;

interface Catalogue {
  games: number[];
  genres: number[];
  platforms: number[];
}

async function newPlayer(db: Db, name: string): Promise<string> {
  const id = randomUUID();
  await sql`insert into auth.users (id, email, created_at, raw_user_meta_data)
            values (${id}, ${`${name}@example.test`}, now(), ${JSON.stringify({ username: name, full_name: name })}::jsonb)`.execute(
    db,
  );
  return id;
}

async function makeCatalogue(db: Db, tag: string): Promise<Catalogue> {
  const games = await db
    .insertInto('games')
    .values(
      [1, 2, 3, 4].map((n) => ({
        slug: `stats-${tag}-${n}`,
        title: `Stats ${tag} game ${n}`,
        release_date: '2020-01-01',
      })),
    )
    .returning('id')
    .execute();
  const genres = await db
    .insertInto('genres')
    .values([1, 2].map((n) => ({ slug: `stats-${tag}-genre-${n}`, name: `Genre ${tag} ${n}` })))
    .returning('id')
    .execute();
  const platforms = await db
    .insertInto('platforms')
    .values(
      [1, 2].map((n) => ({ slug: `stats-${tag}-platform-${n}`, name: `Platform ${tag} ${n}`, abbreviation: `P${n}` })),
    )
    .returning('id')
    .execute();
  const catalogue = {
    games: games.map((row) => row.id),
    genres: genres.map((row) => row.id),
    platforms: platforms.map((row) => row.id),
  };
  // Game 1 is of both genres, games 2 and 3 of the first, game 4 of none.
  await db
    .insertInto('game_genres')
    .values([
      { game_id: catalogue.games[0]!, genre_id: catalogue.genres[0]! },
      { game_id: catalogue.games[0]!, genre_id: catalogue.genres[1]! },
      { game_id: catalogue.games[1]!, genre_id: catalogue.genres[0]! },
      { game_id: catalogue.games[2]!, genre_id: catalogue.genres[0]! },
    ])
    .execute();
  return catalogue;
}

/** Every kept row of a player, in a stable order. */
async function kept(db: Db, userId: string) {
  const [years, genres, platforms, ratings] = await Promise.all([
    sql`select year, games_played, games_finished, hours::text, reviews, lists from public.user_year_stats where user_id = ${userId} order by year`.execute(
      db,
    ),
    sql`select year, genre_id, games, hours::text from public.user_year_genres where user_id = ${userId} order by year, genre_id`.execute(
      db,
    ),
    sql`select year, platform_id, games, hours::text from public.user_year_platforms where user_id = ${userId} order by year, platform_id`.execute(
      db,
    ),
    sql`select rating, reviews from public.user_rating_counts where user_id = ${userId} order by rating`.execute(db),
  ]);
  return { years: years.rows, genres: genres.rows, platforms: platforms.rows, ratings: ratings.rows };
}

/** The kept rows equal a recount from the rows themselves; returns them. */
async function expectKeptAsRecounted(db: Db, userId: string) {
  const before = await kept(db, userId);
  await sql`select public.rebuild_player_stats(${userId}::uuid)`.execute(db);
  expect(before).toEqual(await kept(db, userId));
  return before;
}

/** A year's figures computed here from the player's rows, as the year page defines them. */
async function handCounted(db: Db, userId: string, year: number) {
  const games = await db.selectFrom('user_games').selectAll().where('user_id', '=', userId).execute();
  const yearOf = (row: (typeof games)[number]) => {
    const date = row.finished_on ?? row.started_on;
    return date ? Number(String(date).slice(0, 4)) : 0;
  };
  const played = games.filter(
    (row) =>
      (row.status !== null && row.status !== 'backlog') ||
      row.started_on !== null ||
      row.finished_on !== null ||
      Number(row.hours_played ?? 0) > 0,
  );
  const inYear = played.filter((row) => yearOf(row) === year);
  const reviews = await db
    .selectFrom('user_reviews')
    .select(['created_at', 'rating', 'game_id'])
    .where('user_id', '=', userId)
    .where('hidden', '=', false)
    .execute();
  const lists = await db
    .selectFrom('user_lists')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('visibility', '=', 'public')
    .where('hidden', '=', false)
    .execute();
  const reviewsInYear = reviews.filter((row) => row.created_at.getUTCFullYear() === year);
  return {
    gamesPlayed: inYear.length,
    gamesFinished: inYear.filter((row) => row.finished_on !== null).length,
    hours: Math.round(inYear.reduce((sum, row) => sum + Number(row.hours_played ?? 0), 0) * 10) / 10,
    reviews: reviewsInYear.length,
    lists: lists.filter((row) => row.created_at.getUTCFullYear() === year).length,
    bestRating: Math.max(0, ...reviewsInYear.map((row) => row.rating)),
  };
}

const reviewInput = (gameId: number, rating: number) => ({
  gameId,
  rating,
  title: null,
  body: 'A review written by the stats test.',
  spoiler: false,
  platformId: null,
  hoursPlayed: null,
  finished: false,
});

function suite(name: string, open: () => Promise<DatabaseConnection | undefined>, skip = false) {
  describe.skipIf(skip)(`the kept player stats on ${name}`, () => {
    let connection: DatabaseConnection | undefined;
    let db: Db;
    let c: Catalogue;

    beforeAll(async () => {
      connection = await open();
      db = connection!.db;
      c = await makeCatalogue(db, name.toLowerCase());
    });
    afterAll(() => connection?.close());

    it('follow library writes: statuses, dates, hours and platforms, and back', async () => {
      const player = await newPlayer(db, `lib_${name.slice(0, 4).toLowerCase()}`);
      // A backlog game without dates is not played: nothing kept.
      await setPlayState(db, player, c.games[3]!, { status: 'backlog' });
      expect((await expectKeptAsRecounted(db, player)).years).toEqual([]);
      await setPlayState(db, player, c.games[0]!, {
        status: 'completed',
        startedOn: '2024-11-20',
        finishedOn: '2025-01-05',
        hoursPlayed: 12.5,
        platformId: c.platforms[0]!,
      });
      await setPlayState(db, player, c.games[1]!, { status: 'playing', startedOn: '2025-03-01', hoursPlayed: 3 });
      await setPlayState(db, player, c.games[2]!, { status: 'played', hoursPlayed: 1 });
      const first = await expectKeptAsRecounted(db, player);
      expect(first.years).toEqual([
        { year: 0, games_played: 1, games_finished: 0, hours: '1.0', reviews: 0, lists: 0 },
        { year: 2025, games_played: 2, games_finished: 1, hours: '15.5', reviews: 0, lists: 0 },
      ]);
      expect(first.genres).toEqual([
        { year: 0, genre_id: c.genres[0], games: 1, hours: '1.0' },
        { year: 2025, genre_id: c.genres[0], games: 2, hours: '15.5' },
        { year: 2025, genre_id: c.genres[1], games: 1, hours: '12.5' },
      ]);
      expect(first.platforms).toEqual([{ year: 2025, platform_id: c.platforms[0], games: 1, hours: '12.5' }]);

      // A finish date moved to another year, a platform changed, hours changed.
      await setPlayState(db, player, c.games[0]!, {
        finishedOn: '2026-02-01',
        platformId: c.platforms[1]!,
        hoursPlayed: 20,
      });
      // Back to backlog with no dates and no hours: no longer played.
      await setPlayState(db, player, c.games[1]!, { status: 'backlog', startedOn: null, hoursPlayed: null });
      const second = await expectKeptAsRecounted(db, player);
      expect(second.years).toEqual([
        { year: 0, games_played: 1, games_finished: 0, hours: '1.0', reviews: 0, lists: 0 },
        { year: 2026, games_played: 1, games_finished: 1, hours: '20.0', reviews: 0, lists: 0 },
      ]);
      expect(second.platforms).toEqual([{ year: 2026, platform_id: c.platforms[1], games: 1, hours: '20.0' }]);

      // Removing everything from a game deletes its row: nothing of it stays.
      await setPlayState(db, player, c.games[0]!, {
        status: null,
        startedOn: null,
        finishedOn: null,
        hoursPlayed: null,
        platformId: null,
      });
      await setPlayState(db, player, c.games[2]!, { status: null, hoursPlayed: null });
      expect(await expectKeptAsRecounted(db, player)).toEqual({ years: [], genres: [], platforms: [], ratings: [] });
    });

    it('follow reviews: written, re-rated, hidden by a moderator, restored and deleted', async () => {
      const player = await newPlayer(db, `rev_${name.slice(0, 4).toLowerCase()}`);
      const written = await createUserReview(
        db,
        player,
        'premium',
        reviewInput(c.games[0]!, 9),
        new Date('2025-06-01T12:00:00Z'),
      );
      const other = await createUserReview(
        db,
        player,
        'premium',
        reviewInput(c.games[1]!, 4),
        new Date('2025-12-31T23:30:00Z'),
      );
      if (!written.ok || !other.ok) throw new Error('the reviews were refused');
      let now = await expectKeptAsRecounted(db, player);
      expect(now.years).toEqual([
        { year: 2025, games_played: 0, games_finished: 0, hours: '0.0', reviews: 2, lists: 0 },
      ]);
      expect(now.ratings).toEqual([
        { rating: 4, reviews: 1 },
        { rating: 9, reviews: 1 },
      ]);
      await updateUserReview(db, player, 'premium', String(other.value.id), { rating: 10 });
      await sql`update public.user_reviews set hidden = true, hidden_reason = 'test' where id = ${written.value.id}`.execute(
        db,
      );
      now = await expectKeptAsRecounted(db, player);
      expect(now.ratings).toEqual([{ rating: 10, reviews: 1 }]);
      expect(now.years[0]).toMatchObject({ reviews: 1 });
      await sql`update public.user_reviews set hidden = false where id = ${written.value.id}`.execute(db);
      await deleteUserReview(db, player, String(other.value.id));
      now = await expectKeptAsRecounted(db, player);
      expect(now.ratings).toEqual([{ rating: 9, reviews: 1 }]);
      await deleteUserReview(db, player, String(written.value.id));
      expect(await expectKeptAsRecounted(db, player)).toEqual({ years: [], genres: [], platforms: [], ratings: [] });
    });

    it('count public lists only: a private or unlisted list never counts, a change of visibility moves it', async () => {
      const player = await newPlayer(db, `lst_${name.slice(0, 4).toLowerCase()}`);
      const open = await createList(db, player, 'premium', {
        title: 'Open list',
        description: null,
        visibility: 'public',
        ranked: false,
      });
      const hidden = await createList(db, player, 'premium', {
        title: 'Secret list',
        description: null,
        visibility: 'private',
        ranked: false,
      });
      await createList(db, player, 'premium', {
        title: 'Half open',
        description: null,
        visibility: 'unlisted',
        ranked: false,
      });
      const year = new Date().getUTCFullYear();
      expect((await expectKeptAsRecounted(db, player)).years).toEqual([
        { year, games_played: 0, games_finished: 0, hours: '0.0', reviews: 0, lists: 1 },
      ]);
      await updateList(db, player, 'premium', hidden.id, { visibility: 'public' });
      await updateList(db, player, 'premium', open.id, { visibility: 'private' });
      expect((await expectKeptAsRecounted(db, player)).years[0]).toMatchObject({ lists: 1 });
      await deleteList(db, player, hidden.id);
      expect((await expectKeptAsRecounted(db, player)).years).toEqual([]);
    });

    it('follow the catalogue: a genre linked and unlinked, a platform and a game deleted, an account deleted', async () => {
      const player = await newPlayer(db, `cat_${name.slice(0, 4).toLowerCase()}`);
      const [game] = (
        await db
          .insertInto('games')
          .values({ slug: `stats-${name.toLowerCase()}-doomed`, title: 'Doomed game', release_date: '2020-01-01' })
          .returning('id')
          .execute()
      ).map((row) => row.id);
      const [platform] = (
        await db
          .insertInto('platforms')
          .values({ slug: `stats-${name.toLowerCase()}-doomed`, name: 'Doomed console', abbreviation: 'DC' })
          .returning('id')
          .execute()
      ).map((row) => row.id);
      await setPlayState(db, player, game!, {
        status: 'completed',
        finishedOn: '2024-05-05',
        platformId: platform!,
        hoursPlayed: 4,
      });
      await setPlayState(db, player, c.games[3]!, { status: 'completed', finishedOn: '2024-06-06' });
      await db.insertInto('game_genres').values({ game_id: game!, genre_id: c.genres[1]! }).execute();
      await db.insertInto('game_genres').values({ game_id: c.games[3]!, genre_id: c.genres[1]! }).execute();
      expect((await expectKeptAsRecounted(db, player)).genres).toEqual([
        { year: 2024, genre_id: c.genres[1], games: 2, hours: '4.0' },
      ]);
      await db
        .deleteFrom('game_genres')
        .where('game_id', '=', c.games[3]!)
        .where('genre_id', '=', c.genres[1]!)
        .execute();
      await db.deleteFrom('platforms').where('id', '=', platform!).execute();
      expect((await expectKeptAsRecounted(db, player)).platforms).toEqual([]);
      await db.deleteFrom('games').where('id', '=', game!).execute();
      const left = await expectKeptAsRecounted(db, player);
      expect(left.genres).toEqual([]);
      expect(left.years).toEqual([
        { year: 2024, games_played: 1, games_finished: 1, hours: '0.0', reviews: 0, lists: 0 },
      ]);
      await sql`delete from auth.users where id = ${player}`.execute(db);
      expect(await kept(db, player)).toEqual({ years: [], genres: [], platforms: [], ratings: [] });
    });

    it("give the year page the figures a hand count of the player's rows gives", async () => {
      const player = await newPlayer(db, `hnd_${name.slice(0, 4).toLowerCase()}`);
      await setPlayState(db, player, c.games[0]!, {
        status: 'completed',
        finishedOn: '2025-02-02',
        hoursPlayed: 30.5,
        platformId: c.platforms[0]!,
      });
      await setPlayState(db, player, c.games[1]!, { status: 'abandoned', startedOn: '2025-07-07', hoursPlayed: 2 });
      await setPlayState(db, player, c.games[2]!, {
        status: 'played',
        finishedOn: '2024-12-31',
        platformId: c.platforms[0]!,
      });
      await setPlayState(db, player, c.games[3]!, { status: 'playing', hoursPlayed: 7 });
      await createUserReview(db, player, 'premium', reviewInput(c.games[0]!, 8), new Date('2025-03-03T10:00:00Z'));
      await createUserReview(db, player, 'premium', reviewInput(c.games[1]!, 10), new Date('2025-08-08T10:00:00Z'));
      await createUserReview(db, player, 'premium', reviewInput(c.games[2]!, 6), new Date('2024-12-31T10:00:00Z'));
      for (const year of [2024, 2025]) {
        const hand = await handCounted(db, player, year);
        const review = await yearInReview(db, player, year);
        expect(review?.figures).toEqual({
          year,
          gamesPlayed: hand.gamesPlayed,
          gamesFinished: hand.gamesFinished,
          hours: hand.hours,
          reviews: hand.reviews,
          lists: hand.lists,
        });
        expect(review?.bestRated[0]?.rating).toBe(hand.bestRating);
      }
      const year2025 = await yearInReview(db, player, 2025);
      expect(year2025?.bestRated.map((game) => game.rating)).toEqual([10, 8]);
      expect(year2025?.finished.map((game) => game.slug)).toEqual([`stats-${name.toLowerCase()}-1`]);
      expect(year2025?.genre).toEqual({ name: `Genre ${name.toLowerCase()} 1`, games: 2, hours: 32.5 });
      expect(year2025?.platform).toEqual({ name: `Platform ${name.toLowerCase()} 1`, games: 1, hours: 30.5 });
      expect(await yearInReview(db, player, 2023)).toBeUndefined();
      expect(year2025?.otherYears).toEqual([2024]);

      const stats = await profileStats(db, player);
      expect(stats.years.map((year) => [year.year, year.gamesFinished, year.hours])).toEqual([
        [2025, 1, 32.5],
        [2024, 1, 0],
      ]);
      expect(stats.totalHours).toBe(39.5);
      expect(stats.undatedHours).toBe(7);
      expect(stats.ratings.total).toBe(3);
      expect(stats.ratings.buckets.filter((bucket) => bucket.count > 0).map((bucket) => bucket.rating)).toEqual([
        6, 8, 10,
      ]);
      expect(stats.genres[0]).toEqual({ name: `Genre ${name.toLowerCase()} 1`, games: 3, hours: 32.5 });
      expect(stats.platforms).toEqual([{ name: `Platform ${name.toLowerCase()} 1`, games: 2, hours: 30.5 }]);
      expect(stats.coverWall.map((shelf) => shelf.status)).toEqual(['playing', 'played', 'completed', 'abandoned']);
      await expectKeptAsRecounted(db, player);
    });
  });
}

suite('PGlite', () => createTestDatabase());
suite('PostgreSQL', () => openMigratedPostgres(2), !process.env.TEST_DATABASE_URL);
