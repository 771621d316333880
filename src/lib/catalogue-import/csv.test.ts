import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv.ts';

describe('parseCsv', () => {
  it('splits plain rows and fields', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('does not invent a row for the trailing newline, but keeps a last line without one', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv('a,,c\n1,2,\n')).toEqual([
      ['a', '', 'c'],
      ['1', '2', ''],
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'title,notes\n"Hello, World","He said ""hi"""\n"Two\nlines","a\r\nb"\n';
    expect(parseCsv(text)).toEqual([
      ['title', 'notes'],
      ['Hello, World', 'He said "hi"'],
      ['Two\nlines', 'a\r\nb'],
    ]);
  });

  it('reads an empty quoted field as an empty string', () => {
    expect(parseCsv('a,"",c\n')).toEqual([['a', '', 'c']]);
  });

  it('accepts CRLF line ends like LF', () => {
    expect(parseCsv('a,b\r\n1,2\r\n3,4\r\n')).toEqual(parseCsv('a,b\n1,2\n3,4\n'));
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('drops a leading byte order mark', () => {
    const rows = parseCsv('\uFEFFname,year\nDoom,1993\n');
    expect(rows[0]).toEqual(['name', 'year']);
    expect(rows[0]?.[0]).toBe('name');
  });

  it('throws when the text ends inside a quoted field', () => {
    expect(() => parseCsv('a,b\n"unterminated,2\n')).toThrow('CSV ends inside a quoted field');
  });
});

describe('parseCsvRecords', () => {
  it('returns rows as objects keyed by the header', () => {
    expect(parseCsvRecords('name,year\nDoom,1993\n"Quake, the game",1996\n')).toEqual([
      { name: 'Doom', year: '1993' },
      { name: 'Quake, the game', year: '1996' },
    ]);
  });

  it('returns nothing for empty text or a header alone', () => {
    expect(parseCsvRecords('')).toEqual([]);
    expect(parseCsvRecords('name,year\n')).toEqual([]);
  });

  it('skips blank lines', () => {
    expect(parseCsvRecords('name,year\n\nDoom,1993\n\n')).toEqual([{ name: 'Doom', year: '1993' }]);
  });

  it('reads a BOM-prefixed CRLF file with the first column named correctly', () => {
    expect(parseCsvRecords('\uFEFFname,year\r\nDoom,1993\r\n')).toEqual([{ name: 'Doom', year: '1993' }]);
  });

  it('names the line and both field counts when a row has too few or too many fields', () => {
    expect(() => parseCsvRecords('name,year\nDoom,1993\nQuake\n')).toThrow('CSV line 3 has 1 fields, the header has 2');
    expect(() => parseCsvRecords('name,year\nDoom,1993,extra\n')).toThrow('CSV line 2 has 3 fields, the header has 2');
  });

  it('counts blank lines when naming the line of a bad row', () => {
    // Line 1: header, line 2: blank, line 3: fine, line 4: one field short.
    expect(() => parseCsvRecords('name,year\n\nDoom,1993\nQuake\n')).toThrow('CSV line 4 has 1 fields, the header has 2');
  });
});
