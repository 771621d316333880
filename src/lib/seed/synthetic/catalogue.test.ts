import { describe, expect, it } from 'vitest';
import { GENRES } from '../../catalogue-import/reference.ts';
import { gameSlugSchema } from '../../games/slug.ts';
import { syntheticCatalogue, syntheticCompanies, type SyntheticOptions } from './catalogue.ts';

const generate = (options: SyntheticOptions) => [...syntheticCatalogue(options)];

// The years each platform was on sale, restated from the generator's intent: a synthetic
// game never lands on a console that did not exist (or was long dead) in its launch year.
const PLATFORM_YEARS: Record<string, [number, number]> = {
  pc: [1985, 2030],
  mac: [1995, 2030],
  linux: [2008, 2030],
  nes: [1985, 1994],
  genesis: [1989, 1997],
  snes: [1991, 1998],
  'game-boy': [1989, 2001],
  ps1: [1995, 2004],
  saturn: [1995, 1999],
  n64: [1996, 2002],
  dreamcast: [1999, 2002],
  ps2: [2000, 2012],
  gamecube: [2001, 2007],
  xbox: [2001, 2008],
  gba: [2001, 2009],
  ds: [2004, 2014],
  psp: [2005, 2014],
  'xbox-360': [2005, 2016],
  ps3: [2006, 2017],
  wii: [2006, 2014],
  '3ds': [2011, 2020],
  'ps-vita': [2012, 2019],
  'wii-u': [2012, 2017],
  ps4: [2013, 2024],
  'xbox-one': [2013, 2024],
  switch: [2017, 2030],
  ps5: [2020, 2030],
  'xbox-series': [2020, 2030],
  ios: [2008, 2030],
  android: [2009, 2030],
};

describe('syntheticCompanies', () => {
  it('makes visibly made-up, numbered company names', () => {
    const companies = syntheticCompanies(12, 42);
    expect(companies).toHaveLength(12);
    expect(new Set(companies).size).toBe(12);
    companies.forEach((name, index) => expect(name).toMatch(new RegExp(` ${index + 1} \\(synthetic\\)$`)));
  });
});

describe('syntheticCatalogue', () => {
  it('gives byte-identical records for the same seed', () => {
    const a = generate({ games: 500, seed: 1234 });
    const b = generate({ games: 500, seed: 1234 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('uses seed 42 by default', () => {
    expect(JSON.stringify(generate({ games: 50 }))).toBe(JSON.stringify(generate({ games: 50, seed: 42 })));
  });

  it('gives different records for a different seed', () => {
    const a = generate({ games: 50, seed: 1 });
    const b = generate({ games: 50, seed: 2 });
    expect(JSON.stringify(b)).not.toBe(JSON.stringify(a));
    expect(b.map((r) => r.title)).not.toEqual(a.map((r) => r.title));
  });

  it('yields exactly the requested number of games', () => {
    expect(generate({ games: 0 })).toHaveLength(0);
    expect(generate({ games: 1 })).toHaveLength(1);
    expect(generate({ games: 777, seed: 9 })).toHaveLength(777);
  });

  describe('every record of a large catalogue', () => {
    const records = generate({ games: 2000, seed: 5 });
    const genres = new Set(GENRES.map((g) => g.slug));

    it('has a unique, valid slug', () => {
      expect(new Set(records.map((r) => r.slug)).size).toBe(records.length);
      for (const record of records) expect(gameSlugSchema.safeParse(record.slug).success, record.slug).toBe(true);
    });

    it('is marked synthetic in its sources and summary', () => {
      for (const record of records) {
        expect(record.sources).toEqual(['synthetic']);
        expect(record.summary?.startsWith('Synthetic benchmark entry. ')).toBe(true);
        expect(record.summary).toContain(record.title);
        for (const company of [...record.developers, ...record.publishers]) expect(company).toMatch(/\(synthetic\)$/);
      }
    });

    it('has one to four distinct platforms that existed in its release year', () => {
      for (const record of records) {
        const year = Number(record.releaseDate?.slice(0, 4));
        expect(record.platforms.length).toBeGreaterThanOrEqual(1);
        expect(record.platforms.length).toBeLessThanOrEqual(4);
        expect(new Set(record.platforms.map((p) => p.slug)).size).toBe(record.platforms.length);
        for (const platform of record.platforms) {
          const range = PLATFORM_YEARS[platform.slug];
          expect(range, platform.slug).toBeDefined();
          expect(year, `${record.title} on ${platform.slug}`).toBeGreaterThanOrEqual(range![0]);
          expect(year, `${record.title} on ${platform.slug}`).toBeLessThanOrEqual(range![1]);
        }
      }
    });

    it('is released on its earliest platform date, within the requested years', () => {
      for (const record of records) {
        const dates = record.platforms.map((p) => p.releaseDate).filter((d): d is string => d !== null);
        expect(record.releaseDate).toBe([...dates].sort()[0]);
        expect(record.releaseDate! >= '1985-01-01' && record.releaseDate! <= '2028-12-31').toBe(true);
      }
    });

    it('has one to three known genres and one developer and publisher', () => {
      for (const record of records) {
        expect(record.genres.length).toBeGreaterThanOrEqual(1);
        expect(record.genres.length).toBeLessThanOrEqual(3);
        for (const genre of record.genres) expect(genres.has(genre), genre).toBe(true);
        expect(record.developers).toHaveLength(1);
        expect(record.publishers).toHaveLength(1);
      }
    });
  });

  it('respects a custom year range', () => {
    const records = generate({ games: 300, seed: 3, firstYear: 1990, lastYear: 1992 });
    for (const record of records) {
      expect(Number(record.releaseDate?.slice(0, 4))).toBeGreaterThanOrEqual(1990);
      expect(Number(record.releaseDate?.slice(0, 4))).toBeLessThanOrEqual(1992);
    }
  });
});
