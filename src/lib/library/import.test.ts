import { describe, expect, it } from 'vitest';
import { ImportFormatError, parseCsv, parseDuration, parseHltbCsv, parseSteamJson } from './import.ts';
import { parseImport } from './import-file.ts';
import { bestMatch, normaliseTitle, titleSimilarity } from './import-match.ts';

const HLTB_HEADER =
  'Title,Platform,Playing,Backlog,Replay,Custom-1,Custom-2,Custom-3,Completed,Retired,Retired Notes,Start Date,Completion Date,Playthrough,Progress,Main Story,Main + Extras,Completionist,Speed Any%,Speed 100%,Storefront,Review,Review Notes,Added,Updated';

const hltbRow = (cells: Record<string, string>) => {
  const names = HLTB_HEADER.split(',');
  return names
    .map((name) => cells[name] ?? '')
    .map((value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value))
    .join(',');
};

describe('HowLongToBeat CSV', () => {
  it('reads statuses from the X flags, H:MM:SS times, dates and notes', () => {
    const text = [
      HLTB_HEADER,
      hltbRow({
        Title: 'Hollow Knight',
        Platform: 'PC',
        Completed: 'X',
        Progress: '41:30:00',
        'Start Date': '2025-01-02',
        'Completion Date': '2025-02-03 00:00:00',
        'Review Notes': 'Great, "tough"',
      }),
      hltbRow({ Title: 'Elden Ring', Platform: 'PlayStation 5', Playing: 'X', Progress: '12:06:00' }),
      hltbRow({ Title: 'Anthem', Platform: 'PC', Retired: 'X', 'Retired Notes': 'Bored' }),
      hltbRow({ Title: 'Hades II', Platform: 'PC', Backlog: 'X' }),
    ].join('\r\n');
    const { rows, problems } = parseHltbCsv(text);
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.title, row.status, row.hoursPlayed])).toEqual([
      ['Hollow Knight', 'completed', 41.5],
      ['Elden Ring', 'playing', 12.1],
      ['Anthem', 'abandoned', null],
      ['Hades II', 'backlog', null],
    ]);
    expect(rows[0]).toMatchObject({
      startedOn: '2025-01-02',
      finishedOn: '2025-02-03',
      note: 'Great, "tough"',
      platform: 'PC',
    });
    expect(rows[2]!.note).toBe('Bored');
  });

  it('skips malformed rows with their line number and keeps the rest', () => {
    const text = [
      HLTB_HEADER,
      hltbRow({ Title: '', Completed: 'X' }),
      hltbRow({ Title: 'Celeste', Progress: 'ten hours', Completed: 'X' }),
    ].join('\n');
    const { rows, problems } = parseHltbCsv(text);
    expect(rows.map((row) => row.title)).toEqual(['Celeste']);
    expect(rows[0]!.hoursPlayed).toBeNull();
    expect(problems).toEqual([
      'Line 2: no title, skipped.',
      'Line 3 (Celeste): the time "ten hours" is not H:MM:SS, left out.',
    ]);
  });

  it('names what is wrong with a file in the wrong format', () => {
    expect(() => parseHltbCsv('name,hours\nCeleste,3')).toThrow(
      new ImportFormatError(
        'This is not a HowLongToBeat export: the first line has no Title, Platform, Playing, Backlog, Completed, Retired columns.',
      ),
    );
    expect(() => parseHltbCsv('{"response":{}}')).toThrow(/looks like a JSON file/);
    expect(() => parseCsv('Title\n"unterminated')).toThrow(/ends inside a quoted field/);
    expect(() => parseImport('hltb', { text: '   ' })).toThrow('The file is empty.');
  });

  it('reads durations', () => {
    expect(parseDuration('1:02:03')).toBe(1);
    expect(parseDuration('120:30:00')).toBe(120.5);
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('1h')).toBeUndefined();
  });
});

describe('Steam library JSON', () => {
  it('turns minutes into hours and recent play into playing', () => {
    const text = JSON.stringify({
      response: {
        game_count: 3,
        games: [
          { appid: 620, name: 'Portal 2', playtime_forever: 754, playtime_2weeks: 0 },
          { appid: 1145360, name: 'Hades', playtime_forever: 3000, playtime_2weeks: 90 },
          { appid: 400, name: 'Portal', playtime_forever: 0 },
          { appid: 10 },
        ],
      },
    });
    const { rows, problems } = parseSteamJson(text);
    expect(rows.map((row) => [row.title, row.status, row.hoursPlayed, row.externalId])).toEqual([
      ['Portal 2', 'played', 12.6, '620'],
      ['Hades', 'playing', 50, '1145360'],
      ['Portal', 'backlog', null, '400'],
    ]);
    expect(problems).toEqual(['Game 4 (app 10): no name (call GetOwnedGames with include_appinfo=1), skipped.']);
  });

  it('names what is wrong with a file in the wrong format', () => {
    expect(() => parseSteamJson(`${HLTB_HEADER}\n`)).toThrow(/looks like a HowLongToBeat CSV export/);
    expect(() => parseSteamJson('not json')).toThrow(
      'This is not JSON: a Steam library is the JSON answer of GetOwnedGames.',
    );
    expect(() => parseSteamJson('{"games":[]}')).toThrow(/no response.games list/);
    expect(() => parseSteamJson('{"response":{"games":[{"appid":"x"}]}}')).toThrow(
      /cannot be read \(at response.games.0.appid\)/,
    );
  });
});

describe('matching', () => {
  const catalogue = [
    { id: 1, title: 'The Witcher 3: Wild Hunt', slug: 'the-witcher-3-wild-hunt' },
    { id: 2, title: 'Hollow Knight', slug: 'hollow-knight' },
    { id: 3, title: 'Hades', slug: 'hades' },
  ];

  it('matches titles that differ only in case, marks, symbols and edition words exactly', () => {
    expect(normaliseTitle('The Witcher® 3: Wild Hunt – Game of the Year Edition')).toBe('witcher 3 wild hunt');
    expect(bestMatch('The Witcher 3: Wild Hunt - GOTY', catalogue)).toMatchObject({
      kind: 'matched',
      game: { id: 1 },
      confidence: 1,
    });
    expect(bestMatch('HOLLOW KNIGHT™', catalogue)).toMatchObject({ kind: 'matched', game: { id: 2 } });
  });

  it('offers a close title as fuzzy with its confidence, and nothing for an unknown one', () => {
    const fuzzy = bestMatch('Hollow Knight Silksong', catalogue);
    expect(fuzzy.kind).toBe('fuzzy');
    expect(fuzzy.game?.id).toBe(2);
    expect(fuzzy.confidence).toBeGreaterThan(0.6);
    expect(fuzzy.confidence).toBeLessThan(1);
    expect(bestMatch('Stardew Valley', catalogue)).toEqual({ kind: 'unmatched', game: null, confidence: 0 });
    expect(titleSimilarity('Hades', 'Hades II')).toBeLessThan(1);
  });
});
