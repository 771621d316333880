import { describe, expect, it } from 'vitest';
import { expandedFixtureGames } from '../../../tests/helpers/igdb-stand-in.ts';
import { mapGame, normaliseTitle, type MappedGame } from './mapping.ts';
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
        { source: 'steam', externalId: '292030' },
        { source: 'gog', externalId: '1207664663' },
      ],
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
    expect(mapped(26226).externalIds).toEqual([
      { source: 'steam', externalId: '504230' },
      { source: 'epic', externalId: 'celeste' },
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
      externalIds: [{ source: 'steam', externalId: '42' }],
    });
    expect(result.kind === 'game' && result.game.summary?.length).toBe(4000);
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
