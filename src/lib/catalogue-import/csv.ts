/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks; CRLF and
 * LF line ends are both accepted. Small on purpose: the importer needs nothing more.
 */
export function parseCsv(text: string): string[][] {
  return parseCsvRows(text).map((row) => row.fields);
}

/** Rows with the line each starts on (1-based), so errors can point at the right line. */
export function parseCsvRows(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let line = 1;
  let rowLine = 1;
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;

  while (i < input.length) {
    const char = input[i];
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (char === '\n') line += 1;
      field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push({ line: rowLine, fields: row });
      row = [];
      field = '';
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      line += 1;
      rowLine = line;
    } else {
      field += char;
    }
    i += 1;
  }
  if (quoted) throw new Error('CSV ends inside a quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push({ line: rowLine, fields: row });
  }
  return rows;
}

/** Rows as objects keyed by the header line; a row with the wrong number of fields throws. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [headerRow, ...rows] = parseCsvRows(text);
  if (!headerRow) return [];
  const header = headerRow.fields;
  return rows
    .filter(({ fields }) => !(fields.length === 1 && fields[0] === ''))
    .map(({ line, fields }) => {
      if (fields.length !== header.length) {
        throw new Error(`CSV line ${line} has ${fields.length} fields, the header has ${header.length}`);
      }
      return Object.fromEntries(header.map((name, column) => [name, fields[column] ?? '']));
    });
}
