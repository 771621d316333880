import { parse as parseCsvText } from 'csv-parse/sync';
import { z } from 'zod';
import type { ListVisibility } from '../lists/lists.ts';
import type { PlayStatus } from './play-status.ts';
import { IMPORT_ROWS_MAX, type ImportFormat } from './import-limits.ts';

/**
 * Library import: a HowLongToBeat CSV export, a Steam library (the JSON of
 * IPlayerService/GetOwnedGames) or this site's own export (export.json, or export.zip of
 * CSV files: export-read.ts) becomes rows with a title and what the file says about it.
 * Parsing is pure and bounded; a file in the wrong format gets one clear error naming what
 * is wrong, a bad row is skipped with its line number, a bad value in a row is left out
 * and said so.
 */

export interface ImportRow {
  /** 1-based line (CSV), index (Steam) or game number (an export) in the file: the key links are given by. */
  line: number;
  title: string;
  /** The game's slug here, when the file comes from this site (matched first). */
  slug: string | null;
  platform: string | null;
  status: PlayStatus | null;
  wishlist: boolean;
  favourite: boolean;
  hoursPlayed: number | null;
  startedOn: string | null;
  finishedOn: string | null;
  note: string | null;
  /** Steam's app id, when the file has one. */
  externalId: string | null;
  /** Titles of the file's lists this game is on (an export). */
  lists: string[];
}

/** A custom list from an export, its entries pointing at rows by line. */
export interface ImportList {
  title: string;
  slug: string;
  description: string | null;
  visibility: ListVisibility;
  ranked: boolean;
  entries: { line: number; position: number; note: string | null }[];
}

export interface ParsedImport {
  format: ImportFormat;
  rows: ImportRow[];
  lists: ImportList[];
  problems: string[];
}

export class ImportFormatError extends Error {}

/** A row with nothing but its title: what a parser fills in. */
export const blankRow = (line: number, title: string): ImportRow => ({
  line,
  title,
  slug: null,
  platform: null,
  status: null,
  wishlist: false,
  favourite: false,
  hoursPlayed: null,
  startedOn: null,
  finishedOn: null,
  note: null,
  externalId: null,
  lists: [],
});

/** RFC 4180 CSV (csv-parse): quoted fields, doubled quotes, CRLF or LF, a BOM; blank lines dropped. */
export function parseCsv(text: string): string[][] {
  try {
    return parseCsvText(text, { bom: true, relax_column_count: true, skip_empty_lines: true }).filter((cells) =>
      cells.some((cell) => cell.trim() !== ''),
    );
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED')
      throw new ImportFormatError('The CSV file ends inside a quoted field: it is cut short or not a CSV file.');
    throw new ImportFormatError(`This is not a CSV file that can be read: ${(error as Error).message}`);
  }
}

/** Two dates where the second is before the first: the pair is left out, and said so. */
export const datesOutOfOrder = (started: string | null, finished: string | null): boolean =>
  started !== null && finished !== null && finished < started;

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
  return match[1];
}

const HLTB_REQUIRED = ['Title', 'Platform', 'Playing', 'Backlog', 'Completed', 'Retired'] as const;
const isFlag = (value: string | undefined) => (value ?? '').trim().toUpperCase() === 'X';

/** A HowLongToBeat CSV export (Title, Platform, Playing, Backlog, Replay, Custom-1..3, Completed, Retired, ...). */
export function parseHltbCsv(text: string): ParsedImport {
  if (/^\s*[[{]/.test(text))
    throw new ImportFormatError(
      'This looks like a JSON file, not a HowLongToBeat CSV export. Choose "Steam library" for Steam JSON.',
    );
  const table = parseCsv(text);
  const header = (table[0] ?? []).map((cell) => cell.trim());
  const missing = HLTB_REQUIRED.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw new ImportFormatError(
      `This is not a HowLongToBeat export: the first line has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}.`,
    );
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
    if (hours === undefined)
      problems.push(`Line ${line} (${title}): the time "${cell(cells, 'Progress')}" is not H:MM:SS, left out.`);
    if (started === undefined || finished === undefined)
      problems.push(`Line ${line} (${title}): a date is not YYYY-MM-DD, left out.`);
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
    const note = [cell(cells, 'Review Notes'), cell(cells, 'Retired Notes')]
      .map((value) => value.trim())
      .filter(Boolean)
      .join('\n')
      .slice(0, 1000);
    const outOfOrder = started !== undefined && finished !== undefined && datesOutOfOrder(started, finished);
    if (outOfOrder)
      problems.push(
        `Line ${line} (${title}): finished on ${finished} before it was started on ${started}, so the dates are left out.`,
      );
    const validDates = started !== undefined && finished !== undefined && !outOfOrder;
    rows.push({
      ...blankRow(line, title),
      platform: cell(cells, 'Platform').trim().slice(0, 100) || null,
      status,
      hoursPlayed: hours ?? null,
      startedOn: validDates ? started : null,
      finishedOn: validDates ? finished : null,
      note: note || null,
    });
  }
  return { format: 'hltb', rows, lists: [], problems };
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
      /^\s*Title,/.test(text)
        ? 'This looks like a HowLongToBeat CSV export, not Steam JSON. Choose "HowLongToBeat CSV".'
        : 'This is not JSON: a Steam library is the JSON answer of GetOwnedGames.',
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
      problems.push(
        `Game ${index + 1} (app ${game.appid}): no name (call GetOwnedGames with include_appinfo=1), skipped.`,
      );
      return;
    }
    rows.push({
      ...blankRow(index + 1, game.name.trim()),
      platform: 'PC',
      status: (game.playtime_2weeks ?? 0) > 0 ? 'playing' : game.playtime_forever > 0 ? 'played' : 'backlog',
      hoursPlayed: game.playtime_forever > 0 ? Math.round((game.playtime_forever / 60) * 10) / 10 : null,
      externalId: String(game.appid),
    });
  });
  return { format: 'steam', rows, lists: [], problems };
}
