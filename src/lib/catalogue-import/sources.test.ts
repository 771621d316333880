import { describe, expect, it } from 'vitest';
import { steamRows, vgchartzRows } from './sources.ts';

const steam = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: 'Portal 2',
  release_date: '2011-04-18',
  developer: 'Valve',
  publisher: 'Valve',
  platforms: 'windows;mac;linux',
  genres: 'Action;Adventure',
  ...overrides,
});

const vgchartz = (overrides: Record<string, string> = {}): Record<string, string> => ({
  title: 'Grand Theft Auto V',
  console: 'PS3',
  genre: 'Action',
  publisher: 'Rockstar Games',
  developer: 'Rockstar North',
  release_date: '17/09/2013',
  ...overrides,
});

describe('steamRows', () => {
  it('maps a Steam record onto the catalogue vocabulary', () => {
    expect(steamRows([steam({ name: 'Portal 2™', genres: 'Action;Adventure;Free to Play;Early Access' })])).toEqual([
      {
        title: 'Portal 2',
        releaseDate: '2011-04-18',
        platforms: ['pc', 'mac', 'linux'],
        genres: ['action', 'adventure'],
        developers: ['Valve'],
        publishers: ['Valve'],
        source: 'steam_store_2019',
      },
    ]);
  });

  it('splits several companies and drops empty list entries', () => {
    const [mapped] = steamRows([steam({ developer: 'Arkane Studios; ;Bethesda Softworks', publisher: ' ' })]);
    expect(mapped?.developers).toEqual(['Arkane Studios', 'Bethesda Softworks']);
    expect(mapped?.publishers).toEqual([]);
  });

  it('keeps no release date when the date is not a calendar date', () => {
    expect(steamRows([steam({ release_date: 'Coming soon' })])[0]?.releaseDate).toBeNull();
    expect(steamRows([steam({ release_date: '2019-02-30' })])[0]?.releaseDate).toBeNull();
  });

  it('refuses an unknown platform code or genre label, naming it', () => {
    expect(() => steamRows([steam({ platforms: 'windows;amiga' })])).toThrow(
      'Unknown platform code in source data: "amiga"',
    );
    expect(() => steamRows([steam({ genres: 'Roguelike' })])).toThrow(
      'Unknown genre label in source data: "Roguelike"',
    );
  });
});

describe('vgchartzRows', () => {
  it('maps a VGChartz record, converting DD/MM/YYYY to an ISO date', () => {
    expect(vgchartzRows([vgchartz()])).toEqual([
      {
        title: 'Grand Theft Auto V',
        releaseDate: '2013-09-17',
        platforms: ['ps3'],
        genres: ['action'],
        developers: ['Rockstar North'],
        publishers: ['Rockstar Games'],
        source: 'vgchartz_2024',
      },
    ]);
  });

  it('reads day first, not month first', () => {
    expect(vgchartzRows([vgchartz({ release_date: '02/03/2001' })])[0]?.releaseDate).toBe('2001-03-02');
  });

  it('keeps no date for missing, impossible or differently formatted dates', () => {
    for (const date of ['', '31/02/2013', '2013-09-17', '9/17/2013']) {
      expect(vgchartzRows([vgchartz({ release_date: date })])[0]?.releaseDate).toBeNull();
    }
  });

  it('drops "Unknown" companies and genre labels that are not genres', () => {
    const [mapped] = vgchartzRows([vgchartz({ developer: 'Unknown', publisher: 'Unknown', genre: 'Violent' })]);
    expect(mapped).toMatchObject({ developers: [], publishers: [], genres: [] });
  });

  it('maps console codes onto platform slugs', () => {
    const codes = ['X360', 'NS', 'And', '2600', 'PS'];
    expect(vgchartzRows(codes.map((code) => vgchartz({ console: code }))).map((r) => r.platforms[0])).toEqual([
      'xbox-360',
      'switch',
      'android',
      'atari-2600',
      'ps1',
    ]);
  });

  it('refuses an unknown console code or genre label, naming it', () => {
    expect(() => vgchartzRows([vgchartz({ console: 'Jaguar' })])).toThrow(
      'Unknown platform code in source data: "Jaguar"',
    );
    expect(() => vgchartzRows([vgchartz({ genre: 'Roguelike' })])).toThrow(
      'Unknown genre label in source data: "Roguelike"',
    );
  });
});
