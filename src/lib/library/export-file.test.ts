import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_UNZIPPED_MAX,
  exportCsvFiles,
  neutraliseCell,
  restoreCell,
  zipExport,
  type LibraryExport,
} from './export-file.ts';
import { readExportJson, readExportZip } from './export-read.ts';
import { ImportFormatError } from './import.ts';

const data: LibraryExport = {
  statuses: [
    {
      title: 'Hollow Knight',
      slug: 'hollow-knight',
      status: 'completed',
      wishlist: false,
      favourite: true,
      platform: 'PC',
      hours_played: 41.5,
      started_on: '2025-01-02',
      finished_on: '2025-02-03',
      note: '=1+1',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
    {
      title: '+Plus, "the game"',
      slug: 'plus-the-game',
      status: null,
      wishlist: true,
      favourite: false,
      platform: null,
      hours_played: null,
      started_on: null,
      finished_on: null,
      note: 'two\r\nlines',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  lists: [
    {
      title: '@mentions',
      slug: 'mentions',
      description: '-minus',
      visibility: 'private',
      ranked: true,
      created_at: '2026-01-01T00:00:00.000Z',
      entries: [
        { position: 1, title: '+Plus, "the game"', slug: 'plus-the-game', note: '\ttabbed' },
        { position: 2, title: 'Hollow Knight', slug: 'hollow-knight', note: null },
      ],
    },
  ],
};

describe('CSV cells against formula injection', () => {
  it('quotes every cell a spreadsheet would run, and reading gives back exactly what was written', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutraliseCell(`${start}cmd`)).toBe(`'${start}cmd`);
      expect(restoreCell(neutraliseCell(`${start}cmd`))).toBe(`${start}cmd`);
    }
    // A value that already starts with quotes before a formula keeps them all.
    expect(neutraliseCell("'=x")).toBe("''=x");
    expect(restoreCell(neutraliseCell("'=x"))).toBe("'=x");
    for (const plain of ['Hades', "'quoted'", '2025-01-02', '41.5', '', "it's"]) {
      expect(neutraliseCell(plain)).toBe(plain);
      expect(restoreCell(plain)).toBe(plain);
    }
  });

  it('writes no cell that starts with a formula character in any of the three files', () => {
    for (const file of exportCsvFiles(data)) {
      const cells = file.content.split(/,|\r\n/).map((cell) => cell.replace(/^"/, ''));
      expect(
        cells.filter((cell) => /^[=+\-@\t\r]/.test(cell)),
        file.name,
      ).toEqual([]);
    }
  });
});

describe('reading an export back', () => {
  const expected = (format: 'json' | 'zip') => {
    const parsed =
      format === 'json'
        ? readExportJson(JSON.stringify({ exportedAt: 'x', ...data }))
        : readExportZip(zipExport(exportCsvFiles(data)));
    return parsed;
  };

  it('reads the same rows and lists from export.json and from export.zip', () => {
    const json = expected('json');
    expect(json.problems).toEqual([]);
    expect(
      json.rows.map((row) => [
        row.line,
        row.title,
        row.slug,
        row.status,
        row.wishlist,
        row.favourite,
        row.platform,
        row.hoursPlayed,
        row.startedOn,
        row.finishedOn,
        row.note,
        row.lists,
      ]),
    ).toEqual([
      [
        1,
        'Hollow Knight',
        'hollow-knight',
        'completed',
        false,
        true,
        'PC',
        41.5,
        '2025-01-02',
        '2025-02-03',
        '=1+1',
        ['@mentions'],
      ],
      [
        2,
        '+Plus, "the game"',
        'plus-the-game',
        null,
        true,
        false,
        null,
        null,
        null,
        null,
        'two\r\nlines',
        ['@mentions'],
      ],
    ]);
    expect(json.lists).toEqual([
      {
        title: '@mentions',
        slug: 'mentions',
        description: '-minus',
        visibility: 'private',
        ranked: true,
        entries: [
          { line: 2, position: 1, note: '\ttabbed' },
          { line: 1, position: 2, note: null },
        ],
      },
    ]);
    expect(expected('zip')).toEqual(json);
  });

  it('skips what it cannot take, saying which and why, and keeps the rest', () => {
    const parsed = readExportJson(
      JSON.stringify({
        statuses: [
          { title: 'A', slug: 'a', status: 'finished' },
          { title: 'B', slug: 'b', status: 'completed', started_on: '2025-03-01', finished_on: '2025-02-01' },
          { title: 'B', slug: 'b', status: 'playing' },
        ],
        lists: [
          { title: '', entries: [] },
          {
            title: 'Mine',
            slug: 'NOT a slug',
            entries: [
              { position: 1, title: 'C', slug: 'c' },
              { position: 2, title: 'C', slug: 'c' },
            ],
          },
        ],
      }),
    );
    expect(parsed.problems).toEqual([
      expect.stringMatching(/^Game 1: status: /),
      'Game 2 (B): finished on 2025-02-01 before it was started on 2025-03-01, so the dates are left out.',
      'Game 3 (B): in the file twice, the second is skipped.',
      expect.stringMatching(/^List 1: title: /),
      'List "Mine": C is on it twice, the second is skipped.',
    ]);
    expect(parsed.rows.map((row) => [row.title, row.status, row.startedOn])).toEqual([
      ['B', 'completed', null],
      ['C', null, null],
    ]);
    expect(parsed.lists.map((list) => [list.slug, list.entries.length])).toEqual([['mine', 1]]);
  });

  it('refuses files that are not an export, naming why', () => {
    expect(() => readExportJson('{"response":{"games":[]}}')).toThrow(
      new ImportFormatError('This is not a Critical Hit export: it has no statuses or lists.'),
    );
    expect(() => readExportJson('{"statuses": [')).toThrow(/cut short/);
    expect(() => readExportZip(zipSync({ 'notes.txt': strToU8('hello') }))).toThrow(
      'This ZIP is not a Critical Hit export: it has no statuses.csv or lists.csv.',
    );
    expect(() => readExportZip(zipSync({ 'statuses.csv': strToU8('name,year\nDoom,1993\n') }))).toThrow(
      'statuses.csv in the ZIP is not from a Critical Hit export: it has no title, status column.',
    );
  });

  it('refuses a ZIP whose files would inflate past the limit before inflating them', () => {
    // 40 MB of one letter deflates to a few KB: the declared size is what gives it away.
    const bomb = zipSync({ 'statuses.csv': new Uint8Array(EXPORT_UNZIPPED_MAX + 1).fill(0x61) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(() => readExportZip(bomb)).toThrow(
      'The ZIP holds more than 32 MB of CSV: this is not an export of one library.',
    );
  });
});
