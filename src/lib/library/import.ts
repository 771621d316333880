import { z } from 'zod';
import type { PlayStatus } from './play-status.ts';

/**
 * Library import: a HowLongToBeat CSV export or a Steam library (the JSON of
 * IPlayerService/GetOwnedGames) becomes rows with a title and what the file says about
 * it. Parsing is pure and bounded; a file in the wrong format gets one clear error naming
 * what is wrong, a bad row is skipped with its line number.
 */

export const IMPORT_FORMATS = ['hltb', 'steam'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** At most this many rows per file, and this many bytes (a 5000-game Steam library is about 600 KB). */
export const IMPORT_ROWS_MAX = 5000;
export const IMPORT_BYTES_MAX = 2 * 1024 * 1024;

export interface ImportRow {
  /** 1-based line (CSV) or index (Steam) in the file, for messages. */
  line: number;
  title: string;
  platform: string | null;
  status: PlayStatus | null;
  hoursPlayed: number | null;
  startedOn: string | null;
  finishedOn: string | null;
  note: string | null;
  /** Steam's app id, when the file has one. */
  externalId: string | null;
}

export interface ParsedImport {
  format: ImportFormat;
  rows: ImportRow[];
  problems: string[];
}

export class ImportFormatError extends Error {}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (quoted) throw new ImportFormatError('The CSV file ends inside a quoted field: it is cut short or not a CSV file.');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

/** "12:34:56" (H:MM:SS, hours may exceed 24) or "12:34" -> hours with one decimal; empty -> null; invalid -> undefined. */
export function parseDuration(value: string): number | null | undefined {
  const text = value.trim();
  if (text === '' || text === '--') return null;
  const match = /^(\d{1,6}):([0-5]\d)(?::([0-5]\d))?$/.exec(text);
  if (!match) return undefined;
  const hours = Number(match[1]) + Number(match[2]) / 60 + Number(match[3] ?? 0) / 3600;
  return Math.round(hours * 10) / 10;
}

/** A date in a cell: YYYY-MM-DD (HLTB also writes a time after it); empty -> null; invalid -> undefined. */
export function parseDateCell(value: string): string | null | undefined {
  const text = value.trim();
  if (text === '' || text.startsWith('0000-00-00')) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$/.exec(text);
  const date = match ? new Date(`${match[1]}T00:00:00Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[1]) return undefined;
  return match[1]!;
}

const HLTB_REQUIRED = ['Title', 'Platform', 'Playing', 'Backlog', 'Completed', 'Retired'] as const;
const isFlag = (value: string | undefined) => (value ?? '').trim().toUpperCase() === 'X';

/** A HowLongToBeat CSV export (Title, Platform, Playing, Backlog, Replay, Custom-1..3, Completed, Retired, ...). */
export function parseHltbCsv(text: string): ParsedImport {
  if (/^\s*[[{]/.test(text)) throw new ImportFormatError('This looks like a JSON file, not a HowLongToBeat CSV export. Choose "Steam library" for Steam JSON.');
  const table = parseCsv(text.replace(/^\uFEFF/, ''));
  const header = (table[0] ?? []).map((cell) => cell.trim());
  const missing = HLTB_REQUIRED.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw new ImportFormatError(`This is not a HowLongToBeat export: the first line has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}.`);
  }
  const column = (name: string) => header.indexOf(name);
  const cell = (cells: string[], name: string) => {
    const index = column(name);
    return index >= 0 ? (cells[index] ?? '') : '';
  };
  const rows: ImportRow[] = [];
  const problems: string[] = [];
  for (let i = 1; i < table.length; i += 1) {
    const cells = table[i]!;
    const line = i + 1;
    if (rows.length >= IMPORT_ROWS_MAX) {
      problems.push(`Only the first ${IMPORT_ROWS_MAX} games were read.`);
      break;
    }
    const title = cell(cells, 'Title').trim();
    if (!title) {
      problems.push(`Line ${line}: no title, skipped.`);
      continue;
    }
    if (title.length > 300) {
      problems.push(`Line ${line}: the title is longer than 300 characters, skipped.`);
      continue;
    }
    const hours = parseDuration(cell(cells, 'Progress'));
    const started = parseDateCell(cell(cells, 'Start Date'));
    const finished = parseDateCell(cell(cells, 'Completion Date'));
    if (hours === undefined) problems.push(`Line ${line} (${title}): the time "${cell(cells, 'Progress')}" is not H:MM:SS, left out.`);
    if (started === undefined || finished === undefined) problems.push(`Line ${line} (${title}): a date is not YYYY-MM-DD, left out.`);
    const status: PlayStatus | null = isFlag(cell(cells, 'Completed'))
      ? 'completed'
      : isFlag(cell(cells, 'Retired'))
        ? 'abandoned'
        : isFlag(cell(cells, 'Playing'))
          ? 'playing'
          : isFlag(cell(cells, 'Backlog'))
            ? 'backlog'
            : isFlag(cell(cells, 'Replay'))
              ? 'played'
              : null;
    const note = [cell(cells, 'Review Notes'), cell(cells, 'Retired Notes')].map((value) => value.trim()).filter(Boolean).join('\n').slice(0, 1000);
    const validDates = started !== undefined && finished !== undefined && !(started && finished && finished < started);
    rows.push({
      line,
      title,
      platform: cell(cells, 'Platform').trim() || null,
      status,
      hoursPlayed: hours ?? null,
      startedOn: validDates ? started : null,
      finishedOn: validDates ? finished : null,
      note: note || null,
      externalId: null,
    });
  }
  return { format: 'hltb', rows, problems };
}

const steamSchema = z.object({
  response: z.object({
    games: z
      .array(
        z.object({
          appid: z.number().int().nonnegative(),
          name: z.string().max(300).optional(),
          playtime_forever: z.number().nonnegative().default(0),
          playtime_2weeks: z.number().nonnegative().optional(),
        }),
      )
      .max(IMPORT_ROWS_MAX, `A Steam library can have at most ${IMPORT_ROWS_MAX} games here.`),
  }),
});

/** Steam's GetOwnedGames answer: { response: { games: [{ appid, name, playtime_forever (minutes), playtime_2weeks }] } }. */
export function parseSteamJson(text: string): ParsedImport {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportFormatError(
      /^\s*Title,/.test(text) ? 'This looks like a HowLongToBeat CSV export, not Steam JSON. Choose "HowLongToBeat CSV".' : 'This is not JSON: a Steam library is the JSON answer of GetOwnedGames.',
    );
  }
  const parsed = steamSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
    throw new ImportFormatError(
      issue?.path[0] !== 'response' || issue.path.length <= 1
        ? 'This is not a Steam library: it has no response.games list (call GetOwnedGames with include_appinfo=1).'
        : `This Steam library has a game that cannot be read${where}: ${issue.message}`,
    );
  }
  const rows: ImportRow[] = [];
  const problems: string[] = [];
  parsed.data.response.games.forEach((game, index) => {
    if (!game.name?.trim()) {
      problems.push(`Game ${index + 1} (app ${game.appid}): no name (call GetOwnedGames with include_appinfo=1), skipped.`);
      return;
    }
    rows.push({
      line: index + 1,
      title: game.name.trim(),
      platform: 'PC',
      status: (game.playtime_2weeks ?? 0) > 0 ? 'playing' : game.playtime_forever > 0 ? 'played' : 'backlog',
      hoursPlayed: game.playtime_forever > 0 ? Math.round((game.playtime_forever / 60) * 10) / 10 : null,
      startedOn: null,
      finishedOn: null,
      note: null,
      externalId: String(game.appid),
    });
  });
  return { format: 'steam', rows, problems };
}

export function parseImport(format: ImportFormat, text: string): ParsedImport {
  if (text.length > IMPORT_BYTES_MAX) throw new ImportFormatError('The file is larger than 2 MB.');
  if (text.trim() === '') throw new ImportFormatError('The file is empty.');
  return format === 'hltb' ? parseHltbCsv(text) : parseSteamJson(text);
}

// Matching -----------------------------------------------------------------------------

/** A title reduced to what identifies it: lower case, no marks, symbols or edition noise. */
export function normaliseTitle(title: string): string {
  return title
    .replace(/[™®©]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\b(game of the year|goty|definitive|complete|deluxe|remastered|enhanced|anniversary)( edition)?\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/^the /, '')
    .trim();
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  const padded = ` ${text} `;
  for (let i = 0; i < padded.length - 1; i += 1) {
    const gram = padded.slice(i, i + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/** Dice similarity of two normalised titles, 0..1. */
export function titleSimilarity(a: string, b: string): number {
  const x = normaliseTitle(a);
  const y = normaliseTitle(b);
  if (x === y) return 1;
  if (!x || !y) return 0;
  const gx = bigrams(x);
  const gy = bigrams(y);
  let shared = 0;
  for (const [gram, count] of gx) shared += Math.min(count, gy.get(gram) ?? 0);
  let total = 0;
  for (const count of gx.values()) total += count;
  for (const count of gy.values()) total += count;
  return (2 * shared) / total;
}

/** Below this a candidate is not offered as a match at all. */
export const FUZZY_THRESHOLD = 0.6;

export type MatchKind = 'matched' | 'fuzzy' | 'unmatched';

export interface MatchCandidate {
  id: number;
  title: string;
  slug: string;
}

/** The best catalogue candidate for a title: exact (normalised) is `matched`, close is `fuzzy` with its confidence. */
export function bestMatch(title: string, candidates: readonly MatchCandidate[]): { kind: MatchKind; game: MatchCandidate | null; confidence: number } {
  let best: { game: MatchCandidate; score: number } | null = null;
  for (const game of candidates) {
    const score = titleSimilarity(title, game.title);
    if (!best || score > best.score) best = { game, score };
  }
  if (!best || best.score < FUZZY_THRESHOLD) return { kind: 'unmatched', game: null, confidence: 0 };
  return { kind: best.score === 1 ? 'matched' : 'fuzzy', game: best.game, confidence: Math.round(best.score * 100) / 100 };
}

/** The link a user confirms for each row (game id, or null to skip it). */
export const importApplySchema = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    text: z.string().max(IMPORT_BYTES_MAX, 'The file is larger than 2 MB.'),
    /** line -> game id (a row left out is skipped). */
    links: z.record(z.string().regex(/^\d{1,6}$/), z.number().int().positive()),
  })
  .strict();

export const importPreviewSchema = z.object({ format: z.enum(IMPORT_FORMATS), text: z.string().max(IMPORT_BYTES_MAX, 'The file is larger than 2 MB.') }).strict();
