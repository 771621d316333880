import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { countOf } from '../../../tests/helpers/sql.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { catalogueConditions, findFacets, genreOptions, platformOptions, releaseYears } from './facets.server.ts';

// The demo catalogue; expected values come from plain SQL on the same database.

let connection: DatabaseConnection;

const count = <T>(query: RawBuilder<T>) => countOf(connection.db, query);

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
});

afterAll(() => connection.close());

describe('facet conditions', () => {
  it('each narrow games the way plain SQL does, and combine with and', async () => {
    const { platform, genre } = await findFacets(connection.db, { platform: 'ps4', genre: 'shooter' });
    const matching = async (filter: Parameters<typeof catalogueConditions>[0]) => {
      let query = connection.db.selectFrom('games').select('games.id');
      for (const condition of catalogueConditions(filter)) query = query.where(condition);
      return (await query.execute()).length;
    };
    expect(await matching({ platformId: platform!.id })).toBe(
      await count(
        sql`select count(distinct gp.game_id)::int as n from game_platforms gp join platforms p on p.id = gp.platform_id where p.slug = 'ps4'`,
      ),
    );
    expect(await matching({ genreId: genre!.id, years: { from: 2010, to: 2012 } })).toBe(
      await count(sql`select count(*)::int as n from games g join game_genres gg on gg.game_id = g.id join genres ge on ge.id = gg.genre_id
        where ge.slug = 'shooter' and g.release_date between '2010-01-01' and '2012-12-31'`),
    );
    expect(await matching({ when: { released: true, today: '2013-09-17' } })).toBe(
      await count(sql`select count(*)::int as n from games where release_date <= '2013-09-17'`),
    );
    expect(await matching({})).toBe(await count(sql`select count(*)::int as n from games`));
  });

  it('work on games joined to other tables', async () => {
    const { genre } = await findFacets(connection.db, { genre: 'action' });
    let query = connection.db
      .selectFrom('game_platforms')
      .innerJoin('games', 'games.id', 'game_platforms.game_id')
      .select('games.id');
    for (const condition of catalogueConditions({ genreId: genre!.id })) query = query.where(condition);
    expect((await query.execute()).length).toBeGreaterThan(0);
  });
});

describe('facet values', () => {
  it('are found by slug, and say when a slug names nothing', async () => {
    expect(await findFacets(connection.db, { platform: 'ps4' })).toMatchObject({
      platform: { slug: 'ps4', name: 'PlayStation 4' },
      missing: false,
    });
    expect((await findFacets(connection.db, { platform: 'ps4', genre: 'no-such-genre' })).missing).toBe(true);
    expect(await findFacets(connection.db, {})).toEqual({ platform: undefined, genre: undefined, missing: false });
  });

  it('offer every year from the latest release back to the first', async () => {
    const years = await releaseYears(connection.db);
    const span = (
      await sql<{
        first: number;
        last: number;
      }>`select extract(year from min(release_date))::int as first, extract(year from max(release_date))::int as last from games`.execute(
        connection.db,
      )
    ).rows[0]!;
    expect(years[0]).toBe(span.last);
    expect(years.at(-1)).toBe(span.first);
    expect(years).toHaveLength(span.last - span.first + 1);
  });
});

describe('platformOptions and genreOptions', () => {
  it('list exactly the platforms that have games', async () => {
    const options = await platformOptions(connection.db);
    const { rows } = await sql<{ slug: string }>`
      select distinct p.slug from platforms p join game_platforms gp on gp.platform_id = p.id`.execute(connection.db);
    expect(options.map((o) => o.slug).sort()).toEqual(rows.map((r) => r.slug).sort());
    expect(options.find((o) => o.slug === 'ps4')).toEqual({ slug: 'ps4', name: 'PlayStation 4' });
    const all = await count(sql<{ n: number }>`select count(*)::int as n from platforms`);
    expect(options.length).toBeLessThan(all);
    expect(options.map((o) => o.slug)).not.toContain('switch');
  });

  it('list exactly the genres that have games', async () => {
    const options = await genreOptions(connection.db);
    const { rows } = await sql<{ slug: string }>`
      select distinct g.slug from genres g join game_genres gg on gg.genre_id = g.id`.execute(connection.db);
    expect(options.map((o) => o.slug).sort()).toEqual(rows.map((r) => r.slug).sort());
    expect(options.find((o) => o.slug === 'rpg')).toEqual({ slug: 'rpg', name: 'Role-Playing' });
    expect(options.map((o) => o.slug)).not.toContain('visual-novel');
  });

  it('list platforms alphabetically by name, regardless of capitalisation', async () => {
    const names = (await platformOptions(connection.db)).map((o) => o.name);
    expect(names).toContain('macOS');
    expect(names.indexOf('Linux')).toBeLessThan(names.indexOf('macOS'));
    expect(names.indexOf('macOS')).toBeLessThan(names.indexOf('Nintendo DS'));
  });

  it('list genres alphabetically by name', async () => {
    const names = (await genreOptions(connection.db)).map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
