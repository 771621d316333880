import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { countOf } from '../../../tests/helpers/sql.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { GAMES_PAGE_SIZE, type GameCard, type GameListingParams } from './games.ts';
import { browsePage } from '../browse/browse.server.ts';
import { publisherPage } from '../publishers/publishers.server.ts';
import { listCatalogue, listGames } from './listing.server.ts';

// The demo catalogue plus one game without a release date (the demo has none), so that
// "undated last" is actually exercised. Expected counts come from plain SQL on the same
// database, so the tests check listGames against an obviously correct query.

const TODAY = '2014-01-01';
const UNDATED = { slug: 'untitled-prototype', title: 'Untitled Prototype' };

let connection: DatabaseConnection;
let totalGames: number;

const params = (overrides: Partial<GameListingParams> = {}): GameListingParams => ({
  page: 1,
  sort: 'release-desc',
  when: 'all',
  platform: undefined,
  genre: undefined,
  ...overrides,
});

const count = <T>(query: RawBuilder<T>) => countOf(connection.db, query);

/** Every game of a listing, page after page. */
async function allPages(listing: Partial<GameListingParams>): Promise<GameCard[]> {
  const first = await listGames(connection.db, params({ ...listing, page: 1 }), TODAY);
  const games = [...first.items];
  for (let page = 2; page <= first.pageCount; page += 1) {
    games.push(...(await listGames(connection.db, params({ ...listing, page }), TODAY)).items);
  }
  return games;
}

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  await connection.db
    .insertInto('games')
    .values({ ...UNDATED, summary: null, release_date: null, sources: ['editorial'] })
    .execute();
  totalGames = await count(sql<{ n: number }>`select count(*)::int as n from games`);
});

afterAll(() => connection.close());

describe('listGames pagination', () => {
  it('shows 24 games per page and counts every game', async () => {
    const listing = await listGames(connection.db, params(), TODAY);
    expect(totalGames).toBe(194);
    expect(listing.total).toBe(totalGames);
    expect(listing.items).toHaveLength(GAMES_PAGE_SIZE);
    expect(listing.page).toBe(1);
    expect(listing.pageCount).toBe(Math.ceil(totalGames / GAMES_PAGE_SIZE));
  });

  it('covers every game exactly once across the pages, the last page holding the rest', async () => {
    const games = await allPages({});
    expect(games).toHaveLength(totalGames);
    expect(new Set(games.map((g) => g.slug)).size).toBe(totalGames);
    const lastPage = await listGames(connection.db, params({ page: Math.ceil(totalGames / GAMES_PAGE_SIZE) }), TODAY);
    expect(lastPage.items).toHaveLength(totalGames % GAMES_PAGE_SIZE || GAMES_PAGE_SIZE);
  });

  it('returns no games past the last page but still reports the total', async () => {
    const listing = await listGames(connection.db, params({ page: 50 }), TODAY);
    expect(listing.items).toEqual([]);
    expect(listing.total).toBe(totalGames);
    expect(listing.page).toBe(50);
  });

  it('gives cards their platforms and genres', async () => {
    const { items: games } = await listGames(connection.db, params({ sort: 'title-asc' }), TODAY);
    for (const game of games) {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any
      expect(game).toMatchObject({ id: expect.any(Number), slug: expect.any(String), title: expect.any(String) });
      expect(Array.isArray(game.platforms)).toBe(true);
      expect(Array.isArray(game.genres)).toBe(true);
    }
    expect(games.some((game) => game.platforms.length > 0 && game.genres.length > 0)).toBe(true);
  });
});

describe('listGames filters', () => {
  it('by platform: every result is on that platform, and none is missing', async () => {
    const expected = await count(sql<{ n: number }>`
      select count(distinct gp.game_id)::int as n from game_platforms gp join platforms p on p.id = gp.platform_id where p.slug = 'ps4'`);
    const games = await allPages({ platform: 'ps4' });
    expect(expected).toBeGreaterThan(GAMES_PAGE_SIZE);
    expect(games).toHaveLength(expected);
    for (const game of games)
      expect(
        game.platforms.map((p) => p.slug),
        game.title,
      ).toContain('ps4');
    expect(games.map((g) => g.slug)).toContain('grand-theft-auto-v');
    expect((await listGames(connection.db, params({ platform: 'ps4' }), TODAY)).total).toBe(expected);
  });

  it('by genre: every result has that genre', async () => {
    const expected = await count(sql<{ n: number }>`
      select count(distinct gg.game_id)::int as n from game_genres gg join genres g on g.id = gg.genre_id where g.slug = 'rpg'`);
    const games = await allPages({ genre: 'rpg' });
    expect(expected).toBeGreaterThan(0);
    expect(games).toHaveLength(expected);
    for (const game of games)
      expect(
        game.genres.map((g) => g.slug),
        game.title,
      ).toContain('rpg');
  });

  it('by platform and genre together', async () => {
    const expected = await count(sql<{ n: number }>`
      select count(*)::int as n from games g
      where exists (select 1 from game_platforms gp join platforms p on p.id = gp.platform_id where gp.game_id = g.id and p.slug = 'ps4')
        and exists (select 1 from game_genres gg join genres ge on ge.id = gg.genre_id where gg.game_id = g.id and ge.slug = 'shooter')`);
    const games = await allPages({ platform: 'ps4', genre: 'shooter' });
    expect(expected).toBeGreaterThan(0);
    expect(games).toHaveLength(expected);
    for (const game of games) {
      expect(game.platforms.map((p) => p.slug)).toContain('ps4');
      expect(game.genres.map((g) => g.slug)).toContain('shooter');
    }
    const ps4Only = await listGames(connection.db, params({ platform: 'ps4' }), TODAY);
    expect(games.length).toBeLessThan(ps4Only.total);
  });

  it('finds nothing for a platform without games or an unknown slug', async () => {
    for (const platform of ['switch', 'no-such-platform']) {
      const listing = await listGames(connection.db, params({ platform }), TODAY);
      expect(listing).toEqual({ items: [], total: 0, page: 1, pageSize: GAMES_PAGE_SIZE, pageCount: 1 });
    }
  });

  it('released: on or before today, upcoming: after today, relative to the date passed in', async () => {
    const released = await allPages({ when: 'released' });
    const upcoming = await allPages({ when: 'upcoming' });
    expect(released.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);
    for (const game of released) expect(game.releaseDate! <= TODAY, `${game.title} ${game.releaseDate}`).toBe(true);
    for (const game of upcoming) expect(game.releaseDate! > TODAY, `${game.title} ${game.releaseDate}`).toBe(true);
    // Every dated game is in exactly one of the two lists; the undated one in neither.
    expect(released.length + upcoming.length).toBe(totalGames - 1);
    const slugs = [...released, ...upcoming].map((g) => g.slug);
    expect(slugs).not.toContain(UNDATED.slug);
    expect(released.map((g) => g.slug)).toContain('grand-theft-auto-v');
    expect(upcoming.map((g) => g.slug)).toContain('minecraft');
  });

  it('counts a game released today as released', async () => {
    const released = await listGames(connection.db, params({ when: 'released', sort: 'release-desc' }), '2013-09-17');
    expect(released.items[0]?.releaseDate).toBe('2013-09-17');
    expect(released.items.map((g) => g.slug)).toContain('grand-theft-auto-v');
    const upcoming = await allPages({ when: 'upcoming' });
    expect(upcoming.map((g) => g.slug)).not.toContain('grand-theft-auto-v');
  });
});

describe('listGames sorting', () => {
  const dated = (games: GameCard[]) => games.filter((g) => g.releaseDate !== null).map((g) => g.releaseDate!);

  it('release-desc: newest first, undated last', async () => {
    const games = await allPages({ sort: 'release-desc' });
    const dates = dated(games);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(games.at(-1)?.slug).toBe(UNDATED.slug);
    expect(games[0]?.releaseDate).toBe(dates[0]);
  });

  it('release-asc: oldest first, undated still last', async () => {
    const games = await allPages({ sort: 'release-asc' });
    const dates = dated(games);
    expect(dates).toEqual([...dates].sort());
    expect(games.at(-1)?.slug).toBe(UNDATED.slug);
  });

  it('upcoming soonest first', async () => {
    const { items: games } = await listGames(connection.db, params({ when: 'upcoming', sort: 'release-asc' }), TODAY);
    const first = await count(
      sql<{
        n: number;
      }>`select count(*)::int as n from games where release_date > ${TODAY} and release_date < ${games[0]!.releaseDate}`,
    );
    expect(first).toBe(0);
  });

  it('title-desc is exactly title-asc reversed', async () => {
    const asc = await allPages({ sort: 'title-asc' });
    const desc = await allPages({ sort: 'title-desc' });
    expect(asc).toHaveLength(totalGames);
    expect(desc.map((g) => g.slug)).toEqual(asc.map((g) => g.slug).reverse());
  });

  it('title-asc keeps series together in order', async () => {
    const titles = (await allPages({ sort: 'title-asc' })).map((g) => g.title);
    const position = (title: string) => {
      const index = titles.indexOf(title);
      expect(index, title).toBeGreaterThanOrEqual(0);
      return index;
    };
    expect(position("Assassin's Creed")).toBeLessThan(position("Assassin's Creed II"));
    expect(position('Call of Duty')).toBeLessThan(position('Call of Duty 2'));
    expect(position('Grand Theft Auto V')).toBeLessThan(position('Portal 2'));
    expect(position('Portal')).toBeLessThan(position('Portal 2'));
  });

  it('title-asc is alphabetical regardless of capitalisation ("Title A–Z")', async () => {
    const titles = (await allPages({ sort: 'title-asc' })).map((g) => g.title);
    const before = (a: string, b: string) =>
      expect(titles.indexOf(a), `"${a}" before "${b}"`).toBeLessThan(titles.indexOf(b));
    // Decided by the first letter that differs, ignoring case: c < r, a < e, f < g, a < u.
    before('Act of War: Direct Action', 'ARMA: Combat Operations');
    before('Dangerous Waters', 'DEFCON');
    before('Dangerous Waters', 'DOOM II');
    before('Left 4 Dead', 'LEGO Star Wars: The Complete Saga');
    before('Grand Theft Auto V', 'GUN');
    expect(titles[0]).toBe('Act of War: Direct Action');
  });
});

describe('one listing behind /games, /browse and the publisher pages', () => {
  it('gives /games?genre= and /browse/genre/ the same games in the same order', async () => {
    const games = await allPages({ genre: 'shooter' });
    const browsed: GameCard[] = [];
    for (let page = 1; ; page += 1) {
      const found = await browsePage(connection.db, { genre: 'shooter' }, { sort: 'newest', page });
      browsed.push(...found!.listing.items);
      if (page >= found!.listing.pageCount) break;
    }
    expect(games.length).toBeGreaterThan(GAMES_PAGE_SIZE);
    expect(browsed.map((g) => g.slug)).toEqual(games.map((g) => g.slug));
  });

  it('narrows /browse by platform, genre and year together, and names what it found', async () => {
    const found = await browsePage(
      connection.db,
      { platform: 'ps3', genre: 'shooter', year: 2013 },
      { sort: 'title', page: 1 },
    );
    expect(found?.facets).toMatchObject({
      platform: { slug: 'ps3', name: 'PlayStation 3' },
      genre: { slug: 'shooter' },
      year: 2013,
    });
    const expected = await count(sql<{ n: number }>`
      select count(*)::int as n from games g
      where g.release_date between '2013-01-01' and '2013-12-31'
        and exists (select 1 from game_platforms gp join platforms p on p.id = gp.platform_id where gp.game_id = g.id and p.slug = 'ps3')
        and exists (select 1 from game_genres gg join genres ge on ge.id = gg.genre_id where gg.game_id = g.id and ge.slug = 'shooter')`);
    expect(expected).toBeGreaterThan(0);
    expect(found?.listing.total).toBe(expected);
    const titles = found!.listing.items.map((g) => g.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    expect(found?.options.years[0]).toBeGreaterThan(found!.options.years.at(-1)!);
  });

  it('is no page at all for a facet that names nothing', async () => {
    expect(await browsePage(connection.db, { genre: 'no-such-genre' }, { sort: 'newest', page: 1 })).toBeUndefined();
  });

  it("lists a publisher's games newest first, and nothing for an unknown publisher", async () => {
    const found = await publisherPage(connection.db, 'rockstar-games', 1);
    expect(found?.publisher.name).toBe('Rockstar Games');
    expect(found?.listing.items.map((g) => g.slug)).toContain('grand-theft-auto-v');
    const dates = found!.listing.items.map((g) => g.releaseDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await publisherPage(connection.db, 'no-such-company', 1)).toBeUndefined();
  });

  it('sorts by critic score, highest first, games without one last', async () => {
    const ids = (await sql<{ id: number }>`select id from games order by id limit 3`.execute(connection.db)).rows.map(
      (row) => row.id,
    );
    // Four scored reviews each: critic scores 70, 90 and 80.
    for (const [index, sum] of [280, 360, 320].entries()) {
      await sql`insert into game_critic_stats (game_id, review_count, scored_count, score_sum) values (${ids[index]!}, 4, 4, ${sum})`.execute(
        connection.db,
      );
    }
    const { items } = await listCatalogue(connection.db, { filter: {}, sort: 'score-desc', page: 1, pageSize: 5 });
    expect(items.map((g) => g.criticScore)).toEqual([90, 80, 70, null, null]);
    expect(items.slice(0, 3).map((g) => g.id)).toEqual([ids[1], ids[2], ids[0]]);
    await sql`delete from game_critic_stats`.execute(connection.db);
  });
});
