import { CsvError, parse, type InfoRecord, type Options } from 'csv-parse/sync';

/**
 * CSV files uploaded by admins and outlets (csv-parse): RFC 4180 quoting, a leading byte
 * order mark dropped, CRLF, LF and CR line ends accepted even mixed in one file (files
 * pass through spreadsheets and editors), a stray quote inside an unquoted field kept as
 * text. A row may have more or fewer fields than the header: the importers name that row
 * with its own error instead of refusing the whole file.
 */
const OPTIONS: Options = {
  bom: true,
  info: true,
  relax_column_count: true,
  relax_quotes: true,
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** A file that cannot be read as CSV at all; the message is written for the person who sent it. */
export class CsvFileError extends Error {}

/**
 * Rows with the line each starts on (1-based), so errors can point at the right line of
 * the file even when a quoted field spans lines. A blank line is a row with one empty
 * field: every line of the file is in some row, which is what makes the numbering exact.
 */
export function parseCsvRows(text: string): { line: number; fields: string[] }[] {
  let records: { record: string[]; info: InfoRecord }[];
  try {
    records = parse(text, OPTIONS) as unknown as { record: string[]; info: InfoRecord }[];
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED')
      throw new CsvFileError('The file ends inside a quoted field: check its quotes.');
    if (error instanceof CsvError) throw new CsvFileError(`The file could not be read as CSV: ${error.message}`);
    throw error;
  }
  let next = 1;
  return records.map(({ record, info }) => {
    const row = { line: next, fields: record };
    next = info.lines + 1;
    return row;
  });
}

/** True for a blank line (or one of spaces only), which the importers skip. */
export function isBlankRow(fields: readonly string[]): boolean {
  return fields.length === 1 && fields[0]!.trim() === '';
}
