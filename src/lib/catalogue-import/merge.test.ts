import { describe, expect, it } from 'vitest';
import { cleanTitle, companyKey, describeGame, mergeByTitle, titleKey, type SourceRow } from './merge.ts';

const row = (overrides: Partial<SourceRow>): SourceRow => ({
  title: 'Fallout 4',
  releaseDate: null,
  platforms: [],
  genres: [],
  developers: [],
  publishers: [],
  source: 'vgchartz_2024',
  ...overrides,
});

describe('cleanTitle, titleKey and companyKey', () => {
  it('drops trademark signs and collapses whitespace', () => {
    expect(cleanTitle('  The Elder Scrolls® V:   Skyrim™ ')).toBe('The Elder Scrolls V: Skyrim');
    expect(cleanTitle('Pac-Man℠ ©')).toBe('Pac-Man');
  });

  it('matches titles regardless of case, spacing and trademark signs', () => {
    expect(titleKey('DOOM™')).toBe(titleKey('doom'));
    expect(titleKey('Half-Life  2')).toBe(titleKey('half-life 2'));
    expect(titleKey('Half-Life 2')).not.toBe(titleKey('Half-Life'));
  });

  it('matches company names regardless of case, spaces and punctuation', () => {
    expect(companyKey('Bethesda-Softworks')).toBe(companyKey('Bethesda Softworks'));
    expect(companyKey('SQUARE ENIX')).toBe(companyKey('Square Enix'));
    expect(companyKey('Valve')).not.toBe(companyKey('Valve Software'));
  });
});

describe('mergeByTitle', () => {
  const fallout = [
    row({
      platforms: ['ps4'],
      releaseDate: '2015-11-12',
      genres: ['rpg'],
      developers: ['Bethesda Game Studios'],
      publishers: ['Bethesda Softworks'],
    }),
    row({
      platforms: ['ps4'],
      releaseDate: '2015-11-10',
      genres: ['rpg'],
      developers: ['Bethesda Game Studios'],
      publishers: ['Bethesda Softworks'],
    }),
    row({ platforms: ['xbox-one'], releaseDate: '2015-11-10', genres: ['action'], publishers: ['Bethesda-Softworks'] }),
    row({
      title: 'FALLOUT  4',
      platforms: ['pc'],
      releaseDate: '2015-11-09',
      genres: ['rpg', 'action'],
      developers: ['bethesda game studios'],
      publishers: ['Bethesda Softworks'],
      source: 'steam_store_2019',
    }),
  ];

  it('merges rows with the same title across sources into one record', () => {
    const records = mergeByTitle(fallout);
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({
      slug: 'fallout-4',
      title: 'Fallout 4',
      summary: null,
      releaseDate: '2015-11-09',
      sources: ['vgchartz_2024', 'steam_store_2019'],
    });
  });

  it('keeps every platform with its own earliest release date', () => {
    const [record] = mergeByTitle(fallout);
    expect(record?.platforms).toEqual([
      { slug: 'ps4', releaseDate: '2015-11-10' },
      { slug: 'xbox-one', releaseDate: '2015-11-10' },
      { slug: 'pc', releaseDate: '2015-11-09' },
    ]);
  });

  it('keeps a platform date when a later row for that platform has none', () => {
    const [record] = mergeByTitle([
      row({ platforms: ['ps4'], releaseDate: '2015-11-10' }),
      row({ platforms: ['ps4'], releaseDate: null }),
    ]);
    expect(record?.platforms).toEqual([{ slug: 'ps4', releaseDate: '2015-11-10' }]);
    expect(record?.releaseDate).toBe('2015-11-10');
  });

  it('takes the union of genres and de-duplicates companies by companyKey', () => {
    const [record] = mergeByTitle(fallout);
    expect(record?.genres).toEqual(['rpg', 'action']);
    expect(record?.developers).toEqual(['Bethesda Game Studios']);
    expect(record?.publishers).toEqual(['Bethesda Softworks']);
  });

  it('keeps different games apart and gives every record a unique slug', () => {
    const records = mergeByTitle([
      row({ title: 'Doom' }),
      row({ title: 'Doom!' }),
      row({ title: 'DOOM' }),
      row({ title: 'Doom?' }),
      row({ title: 'Quake' }),
    ]);
    expect(records.map((r) => [r.title, r.slug])).toEqual([
      ['Doom', 'doom'],
      ['Doom!', 'doom-2'],
      ['Doom?', 'doom-3'],
      ['Quake', 'quake'],
    ]);
  });

  it('avoids slugs that are already taken and records the new ones', () => {
    const taken = new Set(['doom']);
    const [record] = mergeByTitle([row({ title: 'Doom' })], taken);
    expect(record?.slug).toBe('doom-2');
    expect(taken.has('doom-2')).toBe(true);
  });

  it('skips rows without a title and falls back to "game" for titles with no usable slug', () => {
    const records = mergeByTitle([row({ title: '' }), row({ title: '!!!' })]);
    expect(records.map((r) => r.slug)).toEqual(['game']);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(mergeByTitle(fallout))).toBe(JSON.stringify(mergeByTitle(fallout)));
  });
});

describe('describeGame', () => {
  const base = {
    title: 'Portal',
    releaseDate: '2007-10-10',
    sources: ['steam_store_2019' as const],
    platforms: [{ slug: 'pc', releaseDate: '2007-10-10' }],
    genres: ['puzzle'],
    developers: ['Valve'],
    publishers: ['Valve'],
  };

  it('says "Developed and published by" when developer and publisher are the same', () => {
    expect(describeGame(base)).toBe(
      'Portal is listed under Puzzle. Developed and published by Valve. First released on October 10, 2007 for PC.',
    );
  });

  it('treats differently spelled names of one company as the same company', () => {
    const text = describeGame({ ...base, developers: ['Bethesda Softworks'], publishers: ['Bethesda-Softworks'] });
    expect(text).toContain('Developed and published by Bethesda Softworks.');
  });

  it('names developer and publisher separately when they differ', () => {
    const text = describeGame({ ...base, developers: ['Rockstar North'], publishers: ['Rockstar Games'] });
    expect(text).toContain('Developed by Rockstar North. Published by Rockstar Games.');
    expect(text).not.toContain('Developed and published');
  });

  it('lists several genres and companies in words', () => {
    const text = describeGame({
      ...base,
      genres: ['action', 'adventure', 'rpg'],
      developers: ['A', 'B', 'C'],
      publishers: [],
    });
    expect(text).toContain('Portal is listed under Action, Adventure and Role-Playing.');
    expect(text).toContain('Developed by A, B and C.');
    expect(text).not.toContain('Published by');
  });

  it('names the launch platforms and lists later releases with their dates', () => {
    const text = describeGame({
      ...base,
      title: 'Grand Theft Auto V',
      genres: ['action'],
      developers: ['Rockstar North'],
      publishers: ['Rockstar Games'],
      releaseDate: '2013-09-17',
      platforms: [
        { slug: 'ps3', releaseDate: '2013-09-17' },
        { slug: 'ps4', releaseDate: '2014-11-18' },
        { slug: 'xbox-360', releaseDate: '2013-09-17' },
        { slug: 'pc', releaseDate: null },
      ],
    });
    expect(text).toBe(
      'Grand Theft Auto V is listed under Action. Developed by Rockstar North. Published by Rockstar Games. ' +
        'First released on September 17, 2013 for PlayStation 3 and Xbox 360. ' +
        'Also released for PlayStation 4 (November 18, 2014) and PC.',
    );
  });

  it('lists the platforms without a date when there is none', () => {
    const text = describeGame({
      ...base,
      releaseDate: null,
      platforms: [
        { slug: 'pc', releaseDate: null },
        { slug: 'mac', releaseDate: null },
        { slug: 'linux', releaseDate: null },
      ],
    });
    expect(text).toContain('Available for PC, macOS and Linux.');
    expect(text).not.toContain('released');
  });

  it('is just the title when nothing else is known', () => {
    expect(
      describeGame({ ...base, genres: [], developers: [], publishers: [], releaseDate: null, platforms: [] }),
    ).toBe('Portal.');
  });
});
