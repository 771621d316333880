import { describe, expect, it } from 'vitest';
import { browseHeading, browsePath, browseQuery, parseBrowsePath, parseBrowseQuery, withFacet } from './browse.ts';

describe('parseBrowsePath', () => {
  it('reads /browse alone as no facets', () => {
    expect(parseBrowsePath(undefined)).toEqual({ ok: true, facets: {}, canonicalPath: '/browse', canonical: true });
    expect(parseBrowsePath('')).toMatchObject({ ok: true, canonicalPath: '/browse' });
  });

  it('reads facet pairs in the canonical order', () => {
    expect(parseBrowsePath('platform/switch/genre/rpg/year/2024')).toEqual({
      ok: true,
      facets: { platform: 'switch', genre: 'rpg', year: 2024 },
      canonicalPath: '/browse/platform/switch/genre/rpg/year/2024',
      canonical: true,
    });
    expect(parseBrowsePath('genre/rpg')).toMatchObject({ ok: true, facets: { genre: 'rpg' }, canonical: true });
    expect(parseBrowsePath('year/1998')).toMatchObject({ ok: true, facets: { year: 1998 } });
    expect(parseBrowsePath('platform/xbox-series/')).toMatchObject({ ok: true, facets: { platform: 'xbox-series' } });
  });

  it('accepts another order but points at the canonical path', () => {
    expect(parseBrowsePath('year/2024/platform/switch')).toEqual({
      ok: true,
      facets: { platform: 'switch', year: 2024 },
      canonicalPath: '/browse/platform/switch/year/2024',
      canonical: false,
    });
  });

  it.each([
    ['a facet without its value', 'platform'],
    ['an unknown facet', 'console/switch'],
    ['a facet twice', 'genre/rpg/genre/action'],
    ['a malformed slug', 'genre/RPG!'],
    ['an upper-case slug', 'platform/Switch'],
    ['a year that is not four digits', 'year/24'],
    ['a year out of range', 'year/1066'],
    ['an empty segment', 'platform//genre/rpg'],
    ['a slug that is too long', `genre/${'a'.repeat(61)}`],
  ])('refuses %s', (_, path) => {
    expect(parseBrowsePath(path)).toEqual({ ok: false });
  });
});

describe('browsePath and queries', () => {
  it('builds canonical paths and changes one facet at a time', () => {
    expect(browsePath({})).toBe('/browse');
    expect(browsePath({ year: 2020, genre: 'rpg' })).toBe('/browse/genre/rpg/year/2020');
    expect(browsePath(withFacet({ genre: 'rpg', year: 2020 }, 'year', undefined))).toBe('/browse/genre/rpg');
  });
  it('reads sort and page with defaults', () => {
    expect(parseBrowseQuery(new URLSearchParams('sort=score&page=3'))).toEqual({ sort: 'score', page: 3 });
    expect(parseBrowseQuery(new URLSearchParams('sort=up&page=-1'))).toEqual({ sort: 'newest', page: 1 });
    expect(browseQuery({ sort: 'newest', page: 1 })).toBe('');
    expect(browseQuery({ sort: 'score', page: 1 }, { page: 2 })).toBe('?sort=score&page=2');
  });
});

describe('browseHeading', () => {
  it('names the facets in reading order, capitalised', () => {
    const genre = { id: 1, slug: 'shooter', name: 'Shooter' };
    const platform = { id: 2, slug: 'ps3', name: 'PlayStation 3' };
    expect(browseHeading({})).toBe('Browse games');
    expect(browseHeading({ genre })).toBe('Shooter games');
    expect(browseHeading({ genre, platform, year: 2013 })).toBe('Shooter games on PlayStation 3 from 2013');
    expect(browseHeading({ platform })).toBe('Games on PlayStation 3');
    expect(browseHeading({ year: 1998 })).toBe('Games from 1998');
  });
});
