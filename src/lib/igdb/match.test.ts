import { describe, expect, it } from 'vitest';
import { mapGame, type MappedGame } from './mapping.ts';
import { decideMatch, looseTitle, titleWord, type Candidate } from './match.ts';

function game(name: string, firstRelease = '2015-05-19'): MappedGame {
  const result = mapGame({ id: 7, name, game_type: 0, first_release_date: Date.parse(firstRelease) / 1000 });
  if (result.kind !== 'game') throw new Error(result.reason);
  return result.game;
}

const candidate = (id: number, title: string, releaseDate: string | null = '2015-05-19'): Candidate => ({
  id,
  title,
  releaseDate,
  igdbId: null,
});

const none = new Map<string, { gameId: number; igdbId: string | null }>();

describe('decideMatch by title', () => {
  it('matches one unbound game of the same year whatever the punctuation, marks, "the" and numerals', () => {
    for (const title of ['the witcher iii - wild hunt', 'The Witcher® 3: Wild Hunt', 'WITCHER 3 WILD HUNT']) {
      expect(decideMatch(game('The Witcher 3: Wild Hunt'), none, [candidate(1, title)])).toEqual({
        kind: 'title',
        gameId: 1,
      });
    }
    expect(decideMatch(game('Pokémon Sword'), none, [candidate(2, 'Pokemon Sword')])).toEqual({
      kind: 'title',
      gameId: 2,
    });
  });

  it('leaves an edition, another year, and several games of one title to an administrator', () => {
    expect(
      decideMatch(game('The Witcher 3: Wild Hunt'), none, [
        candidate(1, 'The Witcher 3: Wild Hunt - Game of the Year Edition'),
      ]),
    ).toEqual({ kind: 'uncertain', gameId: 1, reason: 'the same title but for an edition' });
    expect(decideMatch(game('Doom', '2016-05-13'), none, [candidate(3, 'DOOM', '1993-12-10')])).toMatchObject({
      kind: 'uncertain',
      gameId: 3,
    });
    expect(decideMatch(game('Doom', '2016-05-13'), none, [candidate(3, 'Doom'), candidate(4, 'DOOM')])).toMatchObject({
      kind: 'uncertain',
      reason: '2 catalogue games have this title',
    });
  });

  it('never matches games that differ by more than the form of their title', () => {
    expect(decideMatch(game('Mega Man X', '1993-12-17'), none, [candidate(5, 'Mega Man 10', '1993-12-17')])).toEqual({
      kind: 'new',
    });
    expect(decideMatch(game('Dark Souls Remastered'), none, [candidate(6, 'Dark Souls')])).toEqual({ kind: 'new' });
    expect(decideMatch(game('Pokémon Gold'), none, [candidate(7, 'Pokémon')])).toEqual({ kind: 'new' });
  });
});

describe('looseTitle and titleWord', () => {
  it('drops only a known edition suffix', () => {
    expect(looseTitle('Skyrim: Special Edition')).toBe('skyrim');
    expect(looseTitle("Death Stranding Director's Cut")).toBe('death stranding');
    expect(looseTitle('Pokémon Gold')).toBe('pokemon gold');
    expect(looseTitle('Edition')).toBe('edition');
  });

  it('picks the longest plain word to look candidates up by', () => {
    expect(titleWord('The Witcher 3: Wild Hunt')).toBe('witcher');
    expect(titleWord('Final Fantasy XIII')).toBe('fantasy');
    expect(titleWord('Pokémon Sword')).toBe('sword');
    expect(titleWord('2064')).toBeNull();
  });
});
