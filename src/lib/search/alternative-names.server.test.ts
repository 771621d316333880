import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, openMigratedPostgres } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { searchGames, suggest } from './search.server.ts';

// Games found by their alternative names (game_alternative_names, from the IGDB sync) in the
// typeahead and the full results: each game once, below the games whose title matches.
// On the embedded database and, when TEST_DATABASE_URL is set, on PostgreSQL.

interface Target {
  name: string;
  open(): Promise<DatabaseConnection | undefined>;
}

const TARGETS: Target[] = [{ name: 'embedded (PGlite)', open: () => createTestDatabase() }];
if (process.env.TEST_DATABASE_URL)
  TARGETS.push({ name: 'PostgreSQL (TEST_DATABASE_URL)', open: () => openMigratedPostgres(2) });

describe.each(TARGETS)('search by alternative names on $name', (target) => {
  let connection: DatabaseConnection;

  beforeAll(async () => {
    const opened = await target.open();
    if (!opened) throw new Error(`${target.name}: no database`);
    connection = opened;
    const games = await connection.db
      .insertInto('games')
      .values([
        { slug: 'kwyjibo-quest', title: 'Kwyjibo Quest', sources: ['editorial'] },
        { slug: 'the-legend-of-plonk', title: 'The Legend of Plonk: Breath of Wind', sources: ['igdb'] },
        { slug: 'plonk-tales', title: 'Plonk Tales', sources: ['igdb'] },
        { slug: 'unrelated-drifter', title: 'Unrelated Drifter', sources: ['igdb'] },
      ])
      .returning(['id', 'slug'])
      .execute();
    const id = (slug: string) => games.find((game) => game.slug === slug)!.id;
    await connection.db
      .insertInto('game_alternative_names')
      .values([
        // Two names of one game that both start with the same query: the game is shown once.
        { game_id: id('the-legend-of-plonk'), name: 'Kwyjibo Saga', comment: 'Abbreviation' },
        { game_id: id('the-legend-of-plonk'), name: 'Kwyjibo Saga: Breath', comment: 'Other' },
        { game_id: id('the-legend-of-plonk'), name: 'ゼルダの伝説 ブレス', comment: 'Japanese title' },
        // A name that also matches the game's own title.
        { game_id: id('plonk-tales'), name: 'Plonk Tales DX', comment: null },
        { game_id: id('unrelated-drifter'), name: 'Zorbwick Rally', comment: 'European title' },
      ])
      .execute();
  }, 120_000);

  afterAll(() => connection?.close());

  const labels = async (query: string) =>
    (await suggest(connection.db, query)).filter((s) => s.kind === 'game').map((s) => s.label);
  const titles = async (query: string) => {
    const { items, total } = await searchGames(connection.db, query, 1);
    return { titles: items.map((game) => game.title), total };
  };

  it('suggests a game whose alternative name starts with the query, once, below titles that start with it', async () => {
    expect(await labels('kwyjibo')).toEqual([
      'Kwyjibo Quest',
      'The Legend of Plonk: Breath of Wind (also “Kwyjibo Saga”)',
    ]);
    expect(await labels('zorbwick')).toEqual(['Unrelated Drifter (also “Zorbwick Rally”)']);
    // The suggestion says which of its names matched.
    expect((await suggest(connection.db, 'zorbwick'))[0]).toMatchObject({
      label: 'Unrelated Drifter (also “Zorbwick Rally”)',
      detail: 'TBA',
      href: '/games/unrelated-drifter',
    });
    expect((await suggest(connection.db, 'kwyjibo'))[0]!.label).toBe('Kwyjibo Quest');
    expect(await labels('ゼルダの')).toEqual(['The Legend of Plonk: Breath of Wind (also “ゼルダの伝説 ブレス”)']);
  });

  it('does not repeat a game whose title and alternative name both match', async () => {
    expect(await labels('plonk tales')).toEqual(['Plonk Tales']);
  });

  it('finds games by alternative names in the full results, each once, title matches first', async () => {
    expect(await titles('kwyjibo')).toEqual({
      titles: ['Kwyjibo Quest', 'The Legend of Plonk: Breath of Wind'],
      total: 2,
    });
    // A word inside an alternative name, and a misspelt one.
    expect(await titles('rally')).toEqual({ titles: ['Unrelated Drifter'], total: 1 });
    expect((await titles('zorbwik rally')).titles).toEqual(['Unrelated Drifter']);
    expect(await titles('plonk tales')).toEqual({ titles: ['Plonk Tales'], total: 1 });
  });

  it('ranks a game whose alternative name starts with the query above one whose title merely contains it', async () => {
    await connection.db
      .insertInto('games')
      .values({ slug: 'super-zorbwick', title: 'Super Zorbwick', sources: ['editorial'] })
      .execute();
    expect((await titles('zorbwick')).titles).toEqual(['Unrelated Drifter', 'Super Zorbwick']);
  });
});
