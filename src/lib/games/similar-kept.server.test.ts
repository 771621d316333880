import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import type { Database } from '../db/schema.ts';
import { OVERVIEW_SIMILAR } from './game-overview.server.ts';
import { similarGames } from './games.server.ts';
import { refillSimilarGames, refillSimilarGamesWithin, waitingSimilarGames } from './similar-kept.server.ts';

// The kept rankings must never show what a catalogue change has made wrong: after every
// change below, each ranking still kept equals the one public.similar_games makes now.

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

async function refillAll(): Promise<void> {
  while ((await refillSimilarGames(db, 500)) > 0);
  expect(await waitingSimilarGames(db)).toBe(0);
}

const datedGames = async () =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from public.games where release_date is not null`.execute(db))
      .rows[0]!.n,
  );

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
  it('queue every game as the catalogue is loaded, and rank each dated one as similar_games does', async () => {
    expect(await waitingSimilarGames(db)).toBeGreaterThan(100);
    await refillAll();
    const count = await expectKeptCurrent('after the first refill');
    expect(count).toBe(await datedGames());
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

  it('are what the game page reads; any other shape is ranked on the spot', async () => {
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
    await sql`insert into public.similar_game_refills (game_id) values (${game.id})`.execute(db);
    await refillAll();
  });

  const changes: [string, () => Promise<unknown>][] = [
    [
      'a genre added',
      async () => {
        const game = await linkedGame(3);
        await sql`insert into public.game_genres (game_id, genre_id) select ${game.id}, g.id from public.genres g
        where not exists (select 1 from public.game_genres x where x.game_id = ${game.id} and x.genre_id = g.id) order by g.id limit 1`.execute(
          db,
        );
      },
    ],
    [
      'a genre removed',
      async () => {
        const game = await linkedGame(5);
        await sql`delete from public.game_genres where game_id = ${game.id} and genre_id = (select min(genre_id) from public.game_genres where game_id = ${game.id})`.execute(
          db,
        );
      },
    ],
    [
      "another game's developer added",
      async () => {
        const [a, b] = [await linkedGame(7), await linkedGame(40)];
        await sql`insert into public.game_developers (game_id, company_id) values (${a.id}, ${b.developer}) on conflict do nothing`.execute(
          db,
        );
      },
    ],
    [
      'a publisher removed',
      async () => {
        const game = await linkedGame(11);
        await sql`delete from public.game_publishers where game_id = ${game.id} and company_id = ${game.publisher}`.execute(
          db,
        );
      },
    ],
    [
      'a platform release moved by years',
      async () => {
        const game = await linkedGame(13);
        await sql`update public.game_platforms set release_date = release_date - 2000 where game_id = ${game.id} and platform_id = ${game.platform}`.execute(
          db,
        );
      },
    ],
    [
      'a platform added',
      async () => {
        const game = await linkedGame(17);
        await sql`insert into public.game_platforms (game_id, platform_id, release_date) select ${game.id}, p.id, date '2015-06-01' from public.platforms p
        where not exists (select 1 from public.game_platforms x where x.game_id = ${game.id} and x.platform_id = p.id) order by p.id limit 1`.execute(
          db,
        );
      },
    ],
    [
      'a platform removed',
      async () => {
        const game = await linkedGame(19);
        await sql`delete from public.game_platforms where game_id = ${game.id} and platform_id = ${game.platform}`.execute(
          db,
        );
      },
    ],
    [
      "a game's release date moved",
      async () => {
        const game = await linkedGame(23);
        await sql`update public.games set release_date = release_date + 900 where id = ${game.id}`.execute(db);
      },
    ],
    [
      'a game made undated',
      async () => {
        const game = await linkedGame(29);
        await sql`update public.games set release_date = null where id = ${game.id}`.execute(db);
      },
    ],
    [
      'a game deleted with its links',
      async () => {
        const game = await linkedGame(31);
        await sql`delete from public.games where id = ${game.id}`.execute(db);
      },
    ],
    [
      'one statement linking a few games to a genre',
      async () => {
        const { rows } = await sql<{ n: number }>`with added as (insert into public.game_genres (game_id, genre_id)
        select g.id, (select max(id) from public.genres) from public.games g where g.id % 37 = 0 on conflict do nothing returning 1)
        select count(*)::integer as n from added`.execute(db);
        expect(rows[0]!.n).toBeGreaterThan(3);
        expect(rows[0]!.n).toBeLessThanOrEqual(200);
      },
    ],
  ];

  for (const [name, change] of changes) {
    it(`stay current when ${name}`, async () => {
      const before = (await kept()).size;
      await change();
      const after = await expectKeptCurrent(`${name}, before the refill`);
      // The change reached at least the changed game's own ranking.
      expect(after).toBeLessThan(before);
      await refillAll();
      expect(await expectKeptCurrent(`${name}, after the refill`)).toBe(await datedGames());
    });
  }

  it('go back to the queue all at once when one statement changes more than 200 games (an import)', async () => {
    await sql`update public.game_platforms set release_date = release_date + 1 where release_date is not null`.execute(
      db,
    );
    expect((await kept()).size).toBe(0);
    expect(await waitingSimilarGames(db)).toBeGreaterThanOrEqual(await datedGames());
    await refillAll();
    expect(await expectKeptCurrent('after a bulk change and the refill')).toBe(await datedGames());
  });

  it('stop a run once its time is spent, leaving the rest queued', async () => {
    await sql`insert into public.similar_game_refills (game_id) select id from public.games where release_date is not null on conflict do nothing`.execute(
      db,
    );
    const queued = await waitingSimilarGames(db);
    let tick = 0;
    const { ranked, waiting } = await refillSimilarGamesWithin(db, 1, () => tick++);
    expect(ranked).toBe(50);
    expect(waiting).toBe(queued - 50);
    expect((await refillSimilarGamesWithin(db, 60_000)).waiting).toBe(0);
    await expectKeptCurrent('after the timed runs');
  });
});
