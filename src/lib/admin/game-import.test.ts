import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_IMPORT_HEADER_HELP, parseGameImport } from './game-import.ts';

const VG =
  'title,console,genre,publisher,developer,critic_score,total_sales,na_sales,jp_sales,pal_sales,other_sales,release_date';
const STEAM =
  'appid,name,release_date,english,developer,publisher,platforms,required_age,categories,genres,steamspy_tags,achievements,positive_ratings,negative_ratings,average_playtime,median_playtime,owners,price';

const ok = (text: string) => {
  const parsed = parseGameImport(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed;
};

describe('parseGameImport', () => {
  it('reads the demo data files as they are, with no row in error', () => {
    for (const file of ['vgchartz_2024_sample.csv', 'steam_store_games_nikdavis_sample.csv']) {
      const parsed = ok(readFileSync(`/work/shared/data/${file}`, 'utf8'));
      expect(
        parsed.rows.filter((row) => row.error),
        file,
      ).toEqual([]);
      expect(parsed.games.length).toBeGreaterThan(10);
    }
  });

  it('merges the lines of one title into one game with every platform and its earliest date', () => {
    const parsed = ok(`${VG}
Grand Theft Auto V,PS3,Action,Rockstar Games,Rockstar North,9.4,20.32,6.37,0.99,9.85,3.12,17/09/2013
Grand Theft Auto V,PS4,Action,Rockstar Games,Rockstar North,9.7,19.39,6.06,0.6,9.71,3.02,18/11/2014
`);
    expect(parsed.format).toBe('vgchartz');
    expect(parsed.games).toHaveLength(1);
    expect(parsed.games[0]).toEqual({
      lines: [2, 3],
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any
      input: expect.objectContaining({
        title: 'Grand Theft Auto V',
        releaseDate: '2013-09-17',
        platforms: [
          { slug: 'ps3', releaseDate: '2013-09-17' },
          { slug: 'ps4', releaseDate: '2014-11-18' },
        ],
        genres: ['Action'],
        developers: ['Rockstar North'],
        publishers: ['Rockstar Games'],
      }),
    });
  });

  it('gives each bad line its own error and keeps the good ones', () => {
    const parsed = ok(`${VG}
Good Game,PS4,Action,Pub,Dev,,1,1,1,1,1,01/02/2020
,PS4,Action,Pub,Dev,,1,1,1,1,1,01/02/2020
Odd Console,ZX81,Action,Pub,Dev,,1,1,1,1,1,01/02/2020
Odd Genre,PS4,Knitting,Pub,Dev,,1,1,1,1,1,01/02/2020
Bad Date,PS4,Action,Pub,Dev,,1,1,1,1,1,31/02/2020
Short Row,PS4,Action
"${'x'.repeat(201)}",PS4,Action,Pub,Dev,,1,1,1,1,1,01/02/2020
`);
    expect(parsed.rows.map((row) => [row.line, row.error])).toEqual([
      [2, null],
      [3, 'The title is empty.'],
      [4, 'Unknown platform "ZX81" (use a console code such as PS4, NS or PC).'],
      [5, 'Unknown genre "Knitting".'],
      [6, 'The release date "31/02/2020" is not a date: write it as DD/MM/YYYY.'],
      [7, 'This row has 3 fields; the header has 12.'],
      [8, 'A title has at most 200 characters.'],
    ]);
    expect(parsed.games.map((game) => game.input.title)).toEqual(['Good Game']);
  });

  it('reads Steam rows: ISO dates, platform flags and several genres', () => {
    const parsed = ok(`${STEAM}
10,Counter-Strike,2000-11-01,1,Valve,Valve,windows;mac;linux,0,Multi-player,Action;Indie,Action,0,1,1,1,1,1-2,7.19
11,Later,2000-13-01,1,Valve,Valve,windows,0,Multi-player,Action,Action,0,1,1,1,1,1-2,7.19
`);
    expect(parsed.format).toBe('steam');
    expect(parsed.games[0]!.input.platforms.map((p) => p.slug)).toEqual(['pc', 'mac', 'linux']);
    expect(parsed.games[0]!.input.genres).toEqual(['Action', 'Indie']);
    expect(parsed.rows[1]!.error).toBe('The release date "2000-13-01" is not a date: write it as YYYY-MM-DD.');
  });

  it('refuses a file that is not in a demo data format, empty, or broken', () => {
    expect(parseGameImport('name,year\nDoom,1993\n')).toEqual({ ok: false, message: GAME_IMPORT_HEADER_HELP });
    expect(parseGameImport('')).toEqual({ ok: false, message: GAME_IMPORT_HEADER_HELP });
    expect(parseGameImport(`${VG}\n`)).toEqual({ ok: false, message: 'The file has a header but no games.' });
    expect(parseGameImport(`${VG}\n"Open quote,PS4`)).toEqual({
      ok: false,
      message: 'The file ends inside a quoted field: check its quotes.',
    });
    const many = `${VG}\n${'A,PS4,Action,P,D,,1,1,1,1,1,01/02/2020\n'.repeat(5001)}`;
    expect(parseGameImport(many)).toEqual({
      ok: false,
      message: 'The file has 5001 rows: import at most 5000 at a time.',
    });
  });
});
