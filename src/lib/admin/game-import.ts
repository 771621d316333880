import { z } from 'zod';
import { CsvFileError, isBlankRow, parseCsvRows } from '../catalogue-import/csv.ts';
import { titleKey, type SourceRow } from '../catalogue-import/merge.ts';
import { GENRES } from '../catalogue-import/reference.ts';
import { steamRows, vgchartzRows } from '../catalogue-import/sources.ts';
import { isIsoDate } from '../format/dates.ts';
import { gameInputSchema, type GameInput } from './games.ts';

/**
 * Importing games from a CSV file in the format of the demo data files (Steam Store Games
 * or VGChartz 2024, told apart by their header). Pure: every row is read and checked here,
 * each with its own error, and the valid rows of one title are merged into one game, as
 * the demo import does. The server (game-import.server.ts) decides which games already
 * exist and writes the rest in one transaction.
 */

export const GAME_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const GAME_IMPORT_MAX_ROWS = 5000;

export const gameImportRequestSchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file.' })
    .min(1, 'Choose a CSV file.')
    .max(GAME_IMPORT_MAX_BYTES, 'The file is too large: at most 2 MB.'),
  confirm: z.boolean().default(false),
});

export type GameImportFormat = 'steam' | 'vgchartz';

const FORMATS: Record<
  GameImportFormat,
  { label: string; columns: readonly string[]; rows: (records: Record<string, string>[]) => SourceRow[] }
> = {
  steam: {
    label: 'Steam Store Games',
    columns: ['name', 'release_date', 'developer', 'publisher', 'platforms', 'genres'],
    rows: steamRows,
  },
  vgchartz: {
    label: 'VGChartz 2024',
    columns: ['title', 'console', 'genre', 'publisher', 'developer', 'release_date'],
    rows: vgchartzRows,
  },
};

export const GAME_IMPORT_HEADER_HELP =
  'The first line must be the header of a demo data file: Steam Store Games (appid,name,release_date,…,platforms,…,genres,…) or VGChartz 2024 (title,console,genre,publisher,developer,…,release_date).';

/** One line of the file as the preview shows it. */
export interface GameImportRow {
  line: number;
  title: string;
  error: string | null;
}

/** A game to create, with the lines it came from (one title may span several lines). */
export interface GameImportCandidate {
  lines: number[];
  input: GameInput;
}

export type ParsedGameImport =
  | { ok: true; format: GameImportFormat; formatLabel: string; rows: GameImportRow[]; games: GameImportCandidate[] }
  | { ok: false; message: string };

const genreName = new Map(GENRES.map((genre) => [genre.slug, genre.name]));

function formatOf(header: readonly string[]): GameImportFormat | null {
  const names = new Set(header.map((name) => name.trim()));
  for (const format of Object.keys(FORMATS) as GameImportFormat[])
    if (FORMATS[format].columns.every((column) => names.has(column))) return format;
  return null;
}

/** The source modules name the bad value in their own words; say it for the admin. */
function rowMessage(error: unknown, format: GameImportFormat): string {
  const text = error instanceof Error ? error.message : String(error);
  const platform = /Unknown platform code in source data: (".*")/.exec(text);
  if (platform)
    return `Unknown platform ${platform[1]}${format === 'vgchartz' ? ' (use a console code such as PS4, NS or PC)' : ' (use windows, mac or linux)'}.`;
  const genre = /Unknown genre label in source data: (".*")/.exec(text);
  if (genre) return `Unknown genre ${genre[1]}.`;
  return 'This row could not be read.';
}

function dateError(format: GameImportFormat, raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  if (format === 'steam')
    return isIsoDate(value) ? null : `The release date "${value}" is not a date: write it as YYYY-MM-DD.`;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  return match && isIsoDate(`${match[3]}-${match[2]}-${match[1]}`)
    ? null
    : `The release date "${value}" is not a date: write it as DD/MM/YYYY.`;
}

function toInput(row: SourceRow): GameInput {
  return {
    title: row.title,
    slug: undefined,
    summary: undefined,
    releaseDate: row.releaseDate ?? '',
    platforms: row.platforms.map((slug) => ({ slug, releaseDate: row.releaseDate ?? '' })),
    genres: row.genres.map((slug) => genreName.get(slug) ?? slug),
    developers: row.developers,
    publishers: row.publishers,
  };
}

function mergeInto(game: GameInput, row: GameInput): void {
  if (row.releaseDate && (!game.releaseDate || row.releaseDate < game.releaseDate)) game.releaseDate = row.releaseDate;
  for (const platform of row.platforms) {
    const existing = game.platforms.find((p) => p.slug === platform.slug);
    if (!existing) game.platforms.push(platform);
    else if (platform.releaseDate && (!existing.releaseDate || platform.releaseDate < existing.releaseDate))
      existing.releaseDate = platform.releaseDate;
  }
  const add = (list: string[], values: string[]) => {
    for (const value of values) if (!list.some((item) => item.toLowerCase() === value.toLowerCase())) list.push(value);
  };
  add(game.genres, row.genres);
  add(game.developers, row.developers);
  add(game.publishers, row.publishers);
}

/** Reads a whole file: a file-level problem (no header, wrong format, too many rows), or every row with its error. */
export function parseGameImport(text: string): ParsedGameImport {
  let parsed: { line: number; fields: string[] }[];
  try {
    parsed = parseCsvRows(text);
  } catch (error) {
    if (error instanceof CsvFileError) return { ok: false, message: error.message };
    throw error;
  }
  const [headerRow, ...dataRows] = parsed;
  const format = headerRow ? formatOf(headerRow.fields) : null;
  if (!headerRow || !format) return { ok: false, message: GAME_IMPORT_HEADER_HELP };
  const lines = dataRows.filter(({ fields }) => !isBlankRow(fields));
  if (lines.length === 0) return { ok: false, message: 'The file has a header but no games.' };
  if (lines.length > GAME_IMPORT_MAX_ROWS)
    return {
      ok: false,
      message: `The file has ${lines.length} rows: import at most ${GAME_IMPORT_MAX_ROWS} at a time.`,
    };

  const header = headerRow.fields.map((name) => name.trim());
  const rows: GameImportRow[] = [];
  const byTitle = new Map<string, GameImportCandidate>();
  for (const { line, fields } of lines) {
    const record = Object.fromEntries(header.map((name, column) => [name, fields[column] ?? '']));
    const title = (format === 'steam' ? record.name : record.title)?.trim() ?? '';
    const fail = (error: string) => void rows.push({ line, title, error });
    if (fields.length !== header.length) {
      fail(`This row has ${fields.length} fields; the header has ${header.length}.`);
      continue;
    }
    if (!title) {
      fail('The title is empty.');
      continue;
    }
    const badDate = dateError(format, record.release_date ?? '');
    if (badDate) {
      fail(badDate);
      continue;
    }
    let source: SourceRow;
    try {
      source = FORMATS[format].rows([record])[0]!;
    } catch (error) {
      fail(rowMessage(error, format));
      continue;
    }
    const checked = gameInputSchema.safeParse(toInput(source));
    if (!checked.success) {
      fail(checked.error.issues[0]?.message ?? 'This row could not be read.');
      continue;
    }
    rows.push({ line, title: source.title, error: null });
    const key = titleKey(source.title);
    const existing = byTitle.get(key);
    if (existing) {
      mergeInto(existing.input, checked.data);
      existing.lines.push(line);
    } else byTitle.set(key, { lines: [line], input: checked.data });
  }
  // The merged game must still fit the game form's limits (a title on 40 consoles).
  for (const game of byTitle.values()) {
    const merged = gameInputSchema.safeParse(game.input);
    if (merged.success) continue;
    const message = merged.error.issues[0]?.message ?? 'This game could not be read.';
    for (const row of rows) if (game.lines.includes(row.line)) row.error = message;
    byTitle.delete(titleKey(game.input.title));
  }
  return { ok: true, format, formatLabel: FORMATS[format].label, rows, games: [...byTitle.values()] };
}

/** What the preview shows for each line, once the server knows which titles exist. */
export type GameImportStatus = 'new' | 'exists' | 'error';

export interface GameImportPreviewRow {
  line: number;
  title: string;
  status: GameImportStatus;
  /** The error, or the existing game's slug for "exists". */
  message: string | null;
  slug: string | null;
}

export interface GameImportPreview {
  format: string;
  rows: GameImportPreviewRow[];
  counts: { newGames: number; existing: number; errors: number };
}

export const GAME_IMPORT_MESSAGES = {
  hasErrors: 'Some rows have errors: fix them in the file and preview it again. Nothing was imported.',
  nothingNew: 'Every game in this file is already in the catalogue: nothing to import.',
} as const;
