import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { Database } from '../db/schema.ts';
import { OVERVIEW_SIMILAR } from './game-overview.server.ts';
import { similarGames } from './games.server.ts';
import {
  rankAllSimilarGames,
  rankSimilarGamesAfter,
  rankSimilarGamesWithin,
  SIMILAR_GAMES_ROUND_MS,
  similarGamesRoundAt,
} from './similar-kept.server.ts';

// The kept rankings are ranked again in turn: once a round has passed, every kept ranking is
// the one public.similar_games makes now, whatever the catalogue changes were; a game with no
// kept ranking is ranked on the spot.

let connection: DatabaseConnection;
let db: Kysely<Database>;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  db = connection.db;
});

afterAll(() => connection.close());

type Ranked = {
  game_id: number;
  score: number;
  shared_genres: number;
  shared_developers: number;
  shared_publishers: number;
  shared_platforms: number;
};

async function live(gameId: number): Promise<Ranked[]> {
  const { rows } =
    await sql<Ranked>`select * from public.similar_games(${gameId}, ${OVERVIEW_SIMILAR.shown}, ${OVERVIEW_SIMILAR.pool})`.execute(
      db,
    );
  return rows;
}

async function kept(): Promise<Map<number, Ranked[]>> {
  const rows = await db.selectFrom('similar_game_rankings').selectAll().execute();
  return new Map(
    rows.map((row) => [
      row.game_id,
      row.similar_ids.map((id, i) => ({
        game_id: id,
        score: row.scores[i]!,
        shared_genres: row.shared_genres[i]!,
        shared_developers: row.shared_developers[i]!,
        shared_publishers: row.shared_publishers[i]!,
        shared_platforms: row.shared_platforms[i]!,
      })),
    ]),
  );
}

/** Every kept ranking is what the function makes now; returns how many are kept. */
async function expectKeptCurrent(context: string): Promise<number> {
  const rankings = await kept();
  for (const [gameId, ranking] of rankings) expect(ranking, `${context}: game ${gameId}`).toEqual(await live(gameId));
  return rankings.size;
}

const allGames = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from public.games`.execute(db)).rows[0]!.n);

/** A time when every ranking kept so far is a round period old. */
const dayLater = () => new Date(Date.now() + SIMILAR_GAMES_ROUND_MS + 60_000);

/** Job runs (a run's budget of one batch) until every game has been ranked again. */
async function oneRound(): Promise<void> {
  const from = await similarGamesRoundAt(db);
  let tick = 0;
  let ranked = 0;
  const games = await allGames();
  while (ranked < games)
    ranked += (await rankSimilarGamesWithin(db, 1, { now: dayLater(), clock: () => tick++ })).ranked;
  expect(await similarGamesRoundAt(db)).toBeGreaterThanOrEqual(from);
}

/** A game with at least a genre, a developer, a publisher and a dated platform. */
async function linkedGame(
  skip = 0,
): Promise<{ id: number; developer: number; publisher: number; platform: number; day: string }> {
  const { rows } = await sql<{ id: number; developer: number; publisher: number; platform: number; day: string }>`
    select g.id, d.company_id as developer, p.company_id as publisher, gp.platform_id as platform, gp.release_date::text as day
    from public.games g
    join public.game_developers d on d.game_id = g.id
    join public.game_publishers p on p.game_id = g.id
    join public.game_platforms gp on gp.game_id = g.id and gp.release_date is not null
    where g.release_date is not null and exists (select 1 from public.game_genres x where x.game_id = g.id)
    order by g.id limit 1 offset ${skip}`.execute(db);
  return rows[0]!;
}

describe('kept similar games', () => {
  it('rank every game in turn, each as similar_games does', async () => {
    expect(await kept()).toEqual(new Map());
    expect(await rankAllSimilarGames(db, 40)).toBe(await allGames());
    const count = await expectKeptCurrent('after the first round');
    expect(count).toBe(await allGames());
    // Most demo games have similar games: the comparison above is not of empty lists.
    const rankings = await kept();
    expect([...rankings.values()].filter((ranking) => ranking.length > 0).length).toBeGreaterThan(rankings.size / 2);
  });

  it("are kept in the game page's shape (else every page would rank on the spot)", async () => {
    const { rows } = await sql<{
      size: number;
      pool: number;
    }>`select size, pool from public.similar_games_kept_shape()`.execute(db);
    expect(rows).toEqual([{ size: OVERVIEW_SIMILAR.shown, pool: OVERVIEW_SIMILAR.pool }]);
  });

  it('are what the game page reads; any other shape, or a game not ranked yet, is ranked on the spot', async () => {
    const game = await linkedGame();
    const before = await similarGames(db, game.id, OVERVIEW_SIMILAR.shown, OVERVIEW_SIMILAR.pool);
    expect(before.length).toBeGreaterThan(1);
    // A kept ranking altered by hand shows on the page's read, so the read is the kept one.
    await sql`update public.similar_game_rankings
      set similar_ids = (select array_agg(x order by n desc) from unnest(similar_ids) with ordinality as u (x, n)),
          scores = (select array_agg(x order by n desc) from unnest(scores) with ordinality as u (x, n))
      where game_id = ${game.id}`.execute(db);
    const altered = await similarGames(db, game.id, OVERVIEW_SIMILAR.shown, OVERVIEW_SIMILAR.pool);
    expect(altered.map((g) => g.id)).toEqual(before.map((g) => g.id).reverse());
    // Fewer games than kept: the first ones of the kept ranking.
    expect((await similarGames(db, game.id, 2, OVERVIEW_SIMILAR.pool)).map((g) => g.id)).toEqual(
      altered.slice(0, 2).map((g) => g.id),
    );
    // Another pool, or more games than kept: ranked now.
    expect((await similarGames(db, game.id, OVERVIEW_SIMILAR.shown, 60)).map((g) => g.id)[0]).toBe(before[0]!.id);
    expect(
      (await similarGames(db, game.id, 24, OVERVIEW_SIMILAR.pool)).slice(0, before.length).map((g) => g.id),
    ).toEqual(before.map((g) => g.id));
    await sql`delete from public.similar_game_rankings where game_id = ${game.id}`.execute(db);
    expect(await similarGames(db, game.id, OVERVIEW_SIMILAR.shown, OVERVIEW_SIMILAR.pool)).toEqual(before);
    expect(await rankSimilarGamesAfter(db, game.id - 1, 1)).toEqual({ ranked: 1, last: game.id });
    await expectKeptCurrent('after ranking the game again');
  });

  it('show every kind of catalogue change once a round has passed', async () => {
    const [a, b, c, d, e, f] = [
      await linkedGame(3),
      await linkedGame(7),
      await linkedGame(13),
      await linkedGame(19),
      await linkedGame(23),
      await linkedGame(29),
    ];
    const shown = async () =>
      (await similarGames(db, a.id, OVERVIEW_SIMILAR.shown, OVERVIEW_SIMILAR.pool)).map((g) => g.id);
    const keptBefore = await shown();
    // Links added and removed, a platform release moved, a release date moved, a game made
    // undated, a game deleted, and one statement over many games.
    await sql`insert into public.game_genres (game_id, genre_id) select ${a.id}, g.id from public.genres g
      where not exists (select 1 from public.game_genres x where x.game_id = ${a.id} and x.genre_id = g.id) order by g.id limit 1`.execute(
      db,
    );
    await sql`insert into public.game_developers (game_id, company_id) values (${a.id}, ${b.developer}) on conflict do nothing`.execute(
      db,
    );
    await sql`delete from public.game_publishers where game_id = ${c.id} and company_id = ${c.publisher}`.execute(db);
    await sql`update public.game_platforms set release_date = release_date - 2000 where game_id = ${d.id} and platform_id = ${d.platform}`.execute(
      db,
    );
    await sql`update public.games set release_date = release_date + 900 where id = ${e.id}`.execute(db);
    await sql`update public.games set release_date = null where id = ${f.id}`.execute(db);
    await sql`delete from public.games where id = ${b.id}`.execute(db);
    await sql`insert into public.game_genres (game_id, genre_id)
      select g.id, (select max(id) from public.genres) from public.games g where g.id % 37 = 0 on conflict do nothing`.execute(
      db,
    );
    // Until the round reaches it, a game keeps the ranking it had (less a deleted game).
    expect(await shown()).toEqual(keptBefore.filter((id) => id !== b.id));
    await oneRound();
    expect(await expectKeptCurrent('after a round')).toBe(await allGames());
  });

  it('stop a run once its time is spent; the next goes on from there, and a new round waits a day', async () => {
    const games = (await sql<{ id: number }>`select id from public.games order by id`.execute(db)).rows.map(
      (r) => r.id,
    );
    await sql`delete from public.similar_game_rankings`.execute(db);
    expect(await similarGamesRoundAt(db)).toBe(0);
    let tick = 0;
    const clock = () => tick++;
    expect(await rankSimilarGamesWithin(db, 1, { clock })).toEqual({ ranked: 50, at: games[49] });
    expect(await similarGamesRoundAt(db)).toBe(games[49]);
    expect(await rankSimilarGamesWithin(db, 1, { clock })).toEqual({ ranked: 50, at: games[99] });
    // Time to spare: to the last game, and no new round while every ranking is fresh.
    expect(await rankSimilarGamesWithin(db, 60_000)).toEqual({ ranked: games.length - 100, at: games.at(-1) });
    expect(await rankSimilarGamesWithin(db, 60_000)).toEqual({ ranked: 0, at: games.at(-1) });
    expect((await kept()).size).toBe(games.length);
    // A game added later is ranked at the next run.
    const added = (
      await sql<{
        id: number;
      }>`insert into public.games (slug, title, release_date) values ('kept-similar-new', 'Kept Similar New', date '2020-01-01') returning id`.execute(
        db,
      )
    ).rows[0]!.id;
    expect(await rankSimilarGamesWithin(db, 60_000)).toEqual({ ranked: 1, at: added });
    // A day later a new round starts from the first game and stops where the run began.
    const round = await rankSimilarGamesWithin(db, 60_000, { now: dayLater() });
    expect(round).toEqual({ ranked: games.length + 1, at: added });
    await expectKeptCurrent('after the timed runs');
  });
});
