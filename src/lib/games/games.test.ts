import { describe, expect, it } from 'vitest';
import { MAX_PAGE } from '../navigation/pagination.ts';
import {
  gameListingFilter,
  gameListingHeading,
  gameListingQuery,
  parseGameListingParams,
  similarityReasons,
  type GameListingParams,
} from './games.ts';

const parse = (query: string) => parseGameListingParams(new URLSearchParams(query));

const DEFAULTS: GameListingParams = {
  page: 1,
  sort: 'release-desc',
  when: 'all',
  platform: undefined,
  genre: undefined,
};

describe('parseGameListingParams', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULTS);
  });

  it('reads every parameter', () => {
    expect(parse('page=3&sort=title-asc&when=released&platform=ps4&genre=rpg')).toEqual({
      page: 3,
      sort: 'title-asc',
      when: 'released',
      platform: 'ps4',
      genre: 'rpg',
    });
  });

  it('shows upcoming games soonest first unless a sort is given', () => {
    expect(parse('when=upcoming').sort).toBe('release-asc');
    expect(parse('when=upcoming&sort=title-desc').sort).toBe('title-desc');
    expect(parse('when=released').sort).toBe('release-desc');
  });

  it.each(['0', '-2', 'abc', '2.5', String(MAX_PAGE + 1), '1e9'])('falls back to page 1 for page=%j', (page) => {
    expect(parse(`page=${page}`).page).toBe(1);
  });

  it('accepts the last allowed page', () => {
    expect(parse(`page=${MAX_PAGE}`).page).toBe(MAX_PAGE);
  });

  it('falls back to the defaults for unknown sort and when values', () => {
    expect(parse('sort=popularity')).toEqual(DEFAULTS);
    expect(parse('when=tomorrow')).toEqual(DEFAULTS);
    expect(parse('when=UPCOMING').when).toBe('all');
  });

  it('treats empty values as absent (an unselected filter in the form)', () => {
    expect(parse('when=&platform=&genre=&sort=&page=')).toEqual(DEFAULTS);
  });

  it('normalises filter slugs to lower case and drops malformed ones', () => {
    expect(parse('platform=PS4&genre=%20RPG%20')).toMatchObject({ platform: 'ps4', genre: 'rpg' });
    for (const bad of ['ps 4', '<script>', 'a--b', '-ps4', 'x'.repeat(61)]) {
      expect(parse(`platform=${encodeURIComponent(bad)}`).platform).toBeUndefined();
    }
  });

  it('keeps the other parameters when one is malformed', () => {
    expect(parse('page=zero&genre=rpg&sort=title-asc')).toEqual({ ...DEFAULTS, genre: 'rpg', sort: 'title-asc' });
  });
});

describe('gameListingQuery', () => {
  it('is empty for the default listing', () => {
    expect(gameListingQuery(DEFAULTS)).toBe('');
    expect(gameListingQuery({ ...DEFAULTS, when: 'upcoming', sort: 'release-asc' })).toBe('?when=upcoming');
  });

  it('omits defaults and keeps the rest', () => {
    expect(gameListingQuery({ ...DEFAULTS, genre: 'rpg', page: 2 })).toBe('?genre=rpg&page=2');
    expect(gameListingQuery({ ...DEFAULTS, sort: 'release-asc' })).toBe('?sort=release-asc');
    expect(gameListingQuery({ ...DEFAULTS, when: 'upcoming', sort: 'release-desc' })).toBe(
      '?when=upcoming&sort=release-desc',
    );
  });

  it('applies overrides', () => {
    const params: GameListingParams = { ...DEFAULTS, platform: 'switch', page: 4 };
    expect(gameListingQuery(params, { page: 5 })).toBe('?platform=switch&page=5');
    expect(gameListingQuery(params, { page: 1 })).toBe('?platform=switch');
    expect(params.page).toBe(4);
  });

  it.each([
    DEFAULTS,
    { ...DEFAULTS, page: 7 },
    { page: 2, sort: 'title-desc', when: 'released', platform: 'ps4', genre: 'rpg' } satisfies GameListingParams,
    { ...DEFAULTS, when: 'upcoming', sort: 'release-asc' } satisfies GameListingParams,
    { ...DEFAULTS, when: 'upcoming', sort: 'release-desc' } satisfies GameListingParams,
    { ...DEFAULTS, sort: 'release-asc', genre: 'action-adventure' } satisfies GameListingParams,
  ])('round-trips %o through the URL', (params) => {
    expect(parse(gameListingQuery(params).replace(/^\?/, ''))).toEqual(params);
  });
});

describe('a /games listing, read', () => {
  it('becomes a catalogue filter once its slugs are looked up', () => {
    const ps4 = { id: 3, slug: 'ps4', name: 'PlayStation 4' };
    expect(gameListingFilter({ when: 'all' }, { platform: ps4 }, '2026-11-22')).toEqual({
      platformId: 3,
      genreId: undefined,
      when: undefined,
    });
    expect(gameListingFilter({ when: 'upcoming' }, {}, '2026-11-22').when).toEqual({
      released: false,
      today: '2026-11-22',
    });
    expect(gameListingFilter({ when: 'released' }, {}, '2026-11-22').when).toEqual({
      released: true,
      today: '2026-11-22',
    });
  });

  it('has a heading for what it shows', () => {
    expect(gameListingHeading({ when: 'all' }, undefined)).toBe('Games');
    expect(gameListingHeading({ when: 'upcoming' }, undefined)).toBe('Upcoming games');
    expect(gameListingHeading({ when: 'released' }, undefined)).toBe('Released games');
    expect(gameListingHeading({ when: 'upcoming' }, 'half life')).toBe('Results for “half life”');
  });
});

describe('similarityReasons', () => {
  it('says what two games share, strongest ties first', () => {
    expect(similarityReasons({ score: 14, developers: 1, publishers: 1, genres: 2, platforms: 2 })).toBe(
      'same developer, same publisher, 2 shared genres, 2 shared platforms',
    );
    expect(similarityReasons({ score: 11, developers: 2, publishers: 0, genres: 1, platforms: 0 })).toBe(
      '2 developers, 1 shared genre',
    );
  });
});
