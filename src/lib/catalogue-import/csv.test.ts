import { describe, expect, it } from 'vitest';
import { CsvFileError, isBlankRow, parseCsvRows } from './csv.ts';

const fields = (text: string) => parseCsvRows(text).map((row) => row.fields);

describe('reading an uploaded CSV file', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and empty fields', () => {
    expect(fields('title,notes,x\n"Hello, World","He said ""hi""",\n"Two\nlines","a\r\nb",""\n')).toEqual([
      ['title', 'notes', 'x'],
      ['Hello, World', 'He said "hi"', ''],
      ['Two\nlines', 'a\r\nb', ''],
    ]);
  });

  it('drops a byte order mark, so the first column keeps its name', () => {
    expect(fields('\uFEFFname,year\r\nDoom,1993\r\n')[0]).toEqual(['name', 'year']);
  });

  it('accepts CRLF, LF and CR line ends, mixed in one file', () => {
    expect(fields('a,b\r\n1,2\n3,4\r5,6')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('keeps rows whose field count differs from the header, for the importer to name', () => {
    expect(fields('name,year\nQuake\nDoom,1993,extra\n')).toEqual([
      ['name', 'year'],
      ['Quake'],
      ['Doom', '1993', 'extra'],
    ]);
  });

  it('keeps a stray quote inside an unquoted field as text', () => {
    expect(fields('a,some"text,c')).toEqual([['a', 'some"text', 'c']]);
  });

  it('numbers each row by the line it starts on, counting blank lines and quoted line breaks', () => {
    const rows = parseCsvRows('name,notes\n\n"Doom","two\nlines"\r\n\nQuake,x\n');
    expect(rows.map((row) => row.line)).toEqual([1, 2, 3, 5, 6]);
    expect(rows.filter((row) => !isBlankRow(row.fields)).map((row) => row.line)).toEqual([1, 3, 6]);
  });

  it('reads nothing from an empty file', () => {
    expect(parseCsvRows('')).toEqual([]);
  });

  it('refuses a file that ends inside a quoted field, saying so', () => {
    expect(() => parseCsvRows('a,b\n"unterminated,2\n')).toThrow(CsvFileError);
    expect(() => parseCsvRows('a,b\n"unterminated,2\n')).toThrow(
      'The file ends inside a quoted field: check its quotes.',
    );
  });

  it('treats a line of spaces as blank', () => {
    expect(isBlankRow(['  '])).toBe(true);
    expect(isBlankRow(['', ''])).toBe(false);
  });
});
