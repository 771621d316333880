import { describe, expect, it } from 'vitest';
import { expandedFixtureGames } from '../../../tests/helpers/igdb-stand-in.ts';
import { httpsUrl, mapGame, normaliseTitle, type MappedGame } from './mapping.ts';
import { GAME_FIELDS, igdbGameSchema } from './schema.ts';

const fixtures = expandedFixtureGames(GAME_FIELDS).map((record) => igdbGameSchema.parse(record));

function mapped(igdbId: number): MappedGame {
  const game = fixtures.find((record) => record.id === igdbId);
  if (!game) throw new Error(`no fixture game ${igdbId}`);
  const result = mapGame(game);
  if (result.kind !== 'game') throw new Error(`skipped: ${result.reason}`);
  return result.game;
}

describe('mapGame', () => {
  it('maps a main game with its relations onto the catalogue', () => {
    const witcher = mapped(1942);
    expect(witcher).toMatchObject({
      igdbId: 1942,
      title: 'The Witcher 3: Wild Hunt',
      slug: 'the-witcher-3-wild-hunt',
      titleKey: 'witcher 3 wild hunt',
      releaseDate: '2015-05-19',
      releaseYear: 2015,
      gameType: 'main_game',
      parentIgdbId: null,
      coverImageId: 'co1wyy',
      coverUrl: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.jpg',
      genres: ['rpg', 'adventure', 'action'],
      themes: ['Action', 'Fantasy', 'Open world'],
      developers: [{ igdbId: 908, name: 'CD Projekt RED' }],
      publishers: [{ igdbId: 1633, name: 'CD Projekt' }],
      franchises: ['The Witcher'],
      externalIds: [
        { source: 'steam', externalId: '292030', url: 'https://store.steampowered.com/app/292030' },
        { source: 'gog', externalId: '1207664663', url: 'https://www.gog.com/game/the_witcher_3_wild_hunt' },
      ],
      igdbUrl: 'https://www.igdb.com/games/the-witcher-3-wild-hunt',
    });
    expect(witcher.alternativeNames).toEqual([
      { name: 'Witcher 3', comment: 'Abbreviation' },
      { name: 'Wiedźmin 3: Dziki Gon', comment: 'Polish title' },
    ]);
  });

  it('dates each platform by its earliest full release, and keeps every region', () => {
    const witcher = mapped(1942);
    expect(witcher.platforms).toEqual([
      { slug: 'pc', releaseDate: '2015-05-19' },
      { slug: 'ps4', releaseDate: '2015-05-19' },
      { slug: 'xbox-one', releaseDate: null },
      { slug: 'switch', releaseDate: '2019-10-15' },
    ]);
    expect(mapped(19686).releases).toEqual([
      { igdbPlatformId: 6, platform: 'pc', region: 'worldwide', date: '2019-01-25' },
      { igdbPlatformId: 48, platform: 'ps4', region: 'japan', date: '2019-01-25' },
    ]);
  });

  it('names the game types the site shows', () => {
    expect(mapped(12503)).toMatchObject({ gameType: 'expansion', parentIgdbId: 1942 });
    expect(mapped(19686).gameType).toBe('remake');
    expect(mapped(26226).externalIds.map((e) => [e.source, e.externalId])).toEqual([
      ['steam', '504230'],
      ['epic', 'celeste'],
      ['gog', '1207658924'],
    ]);
  });

  it('leaves out packs, DLC and nameless records, saying why', () => {
    const pack = fixtures.find((record) => record.id === 250001);
    expect(pack && mapGame(pack)).toEqual({
      kind: 'skipped',
      igdbId: 250001,
      reason: 'game type 13 is not one the catalogue shows',
    });
    expect(mapGame({ id: 5, game_type: 1, name: 'A DLC' })).toMatchObject({ kind: 'skipped' });
    expect(mapGame({ id: 6, name: '  ' })).toEqual({ kind: 'skipped', igdbId: 6, reason: 'no name' });
  });

  it('reads the older category fields and unexpanded references', () => {
    const result = mapGame({
      id: 7,
      name: 'Old Shape™',
      category: 9,
      cover: 123,
      platforms: [6, 9999],
      external_games: [{ id: 1, uid: 'not-a-number', category: 1 }, { id: 2, uid: '42', category: 1 }, 3],
      release_dates: [{ id: 1, platform: 6, date: 1700000000, category: 2, region: 5 }],
      summary: 'x'.repeat(5000),
    });
    expect(result.kind === 'game' && result.game).toMatchObject({
      title: 'Old Shape',
      gameType: 'remaster',
      coverUrl: null,
      platforms: [{ slug: 'pc', releaseDate: null }],
      releases: [{ igdbPlatformId: 6, platform: 'pc', region: 'japan', date: null }],
      externalIds: [{ source: 'steam', externalId: '42', url: null }],
      igdbUrl: null,
    });
    expect(result.kind === 'game' && result.game.summary?.length).toBe(4000);
  });
});

describe('the addresses IGDB gives', () => {
  const external = (url: string | undefined, uid = '504230', source = 1) => ({
    id: uid.length,
    uid,
    external_game_source: source,
    ...(url === undefined ? {} : { url }),
  });
  const addresses = (record: Parameters<typeof mapGame>[0]) => {
    const result = mapGame(record);
    if (result.kind !== 'game') throw new Error('skipped');
    return { ids: result.game.externalIds, igdb: result.game.igdbUrl };
  };

  it('keeps each store id with its https address, and the igdb.com page of the game', () => {
    expect(addresses(igdbGameSchema.parse(fixtures.find((g) => g.id === 26226)))).toEqual({
      ids: [
        { source: 'steam', externalId: '504230', url: 'https://store.steampowered.com/app/504230' },
        { source: 'epic', externalId: 'celeste', url: 'https://store.epicgames.com/p/celeste' },
        { source: 'gog', externalId: '1207658924', url: 'https://www.gog.com/game/celeste' },
      ],
      igdb: 'https://www.igdb.com/games/celeste',
    });
  });

  it('keeps no address that is not https, has credentials or is too long, and keeps the id', () => {
    for (const url of [
      'http://www.gog.com/game/celeste',
      'javascript:alert(1)',
      '//www.gog.com/game/celeste',
      'https://user:pass@www.gog.com/game/celeste',
      `https://www.gog.com/game/${'a'.repeat(500)}`,
      'not a url',
      '',
    ]) {
      expect(addresses({ id: 1, name: 'A', external_games: [external(url, '77', 5)] }).ids, url).toEqual([
        { source: 'gog', externalId: '77', url: null },
      ]);
    }
    expect(httpsUrl(' HTTPS://WWW.GOG.COM/game/celeste ')).toBe('https://www.gog.com/game/celeste');
    expect(httpsUrl(undefined)).toBeNull();
  });

  it('takes the first address of an id listed twice, and makes the igdb.com page from a clean slug only', () => {
    expect(
      addresses({
        id: 1,
        name: 'A',
        slug: 'a-game',
        external_games: [
          external(undefined),
          external('https://store.steampowered.com/app/504230/'),
          external('https://store.steampowered.com/app/1/'),
        ],
      }),
    ).toEqual({
      ids: [{ source: 'steam', externalId: '504230', url: 'https://store.steampowered.com/app/504230/' }],
      igdb: 'https://www.igdb.com/games/a-game',
    });
    expect(addresses({ id: 1, name: 'A', slug: '../evil' }).igdb).toBeNull();
    expect(addresses({ id: 1, name: 'A', slug: 'a', url: 'https://www.igdb.com/games/b' }).igdb).toBe(
      'https://www.igdb.com/games/b',
    );
  });

  it('asks IGDB for the addresses', () => {
    expect(GAME_FIELDS).toContain('url');
    expect(GAME_FIELDS).toContain('external_games.url');
  });
});

describe('normaliseTitle', () => {
  it('ignores case, marks, accents, punctuation and "&"', () => {
    expect(normaliseTitle('The Witcher® 3: Wild Hunt')).toBe('witcher 3 wild hunt');
    expect(normaliseTitle('Pokémon  Sword & Shield')).toBe('pokemon sword and shield');
    expect(normaliseTitle("Assassin's Creed")).toBe('assassins creed');
    expect(normaliseTitle('Tom Clancy’s Rainbow Six™ Siege')).toBe(normaliseTitle('tom clancys rainbow six siege'));
  });

  it('leaves out "the" and reads roman numerals II to XX as numbers, but not I or X', () => {
    expect(normaliseTitle('The Legend of Zelda')).toBe(normaliseTitle('Legend of the Zelda'));
    expect(normaliseTitle('Diablo II')).toBe(normaliseTitle('Diablo 2'));
    expect(normaliseTitle('Final Fantasy VII')).toBe('final fantasy 7');
    expect(normaliseTitle('Grand Theft Auto V')).toBe('grand theft auto 5');
    expect(normaliseTitle('Mega Man X')).not.toBe(normaliseTitle('Mega Man 10'));
    expect(normaliseTitle('Civilization VI')).not.toBe(normaliseTitle('Civilization V'));
    expect(normaliseTitle('I Am Bread')).toBe('i am bread');
    // Numerals inside words are words.
    expect(normaliseTitle('Vivid Knight')).toBe('vivid knight');
    expect(normaliseTitle('The')).toBe('the');
  });
});
