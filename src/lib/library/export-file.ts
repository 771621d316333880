import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';

/**
 * The site's own library export, written as export.json or as export.zip of three CSV
 * files. The importer reads it back (export-read.ts), so that an export restores everything
 * it holds (statuses, flags, platform, hours, dates, notes, lists and their entries).
 */

export interface ExportedStatus {
  title: string;
  slug: string;
  status: string | null;
  wishlist: boolean;
  favourite: boolean;
  platform: string | null;
  hours_played: number | null;
  started_on: string | null;
  finished_on: string | null;
  note: string | null;
  updated_at: string;
}

export interface ExportedList {
  title: string;
  slug: string;
  description: string | null;
  visibility: string;
  ranked: boolean;
  created_at: string;
  entries: { position: number; title: string; slug: string; note: string | null }[];
}

export interface LibraryExport {
  statuses: ExportedStatus[];
  lists: ExportedList[];
}

export const EXPORT_FILES = { statuses: 'statuses.csv', lists: 'lists.csv', entries: 'list-entries.csv' } as const;
const STATUS_COLUMNS = [
  'title',
  'slug',
  'status',
  'wishlist',
  'favourite',
  'platform',
  'hours_played',
  'started_on',
  'finished_on',
  'note',
  'updated_at',
] as const;
const LIST_COLUMNS = ['title', 'slug', 'description', 'visibility', 'ranked', 'created_at'] as const;
const ENTRY_COLUMNS = ['list', 'position', 'title', 'slug', 'note'] as const;
/** The most a ZIP's files may hold once inflated, as their headers declare (a small ZIP can inflate to gigabytes). */
export const EXPORT_UNZIPPED_MAX = 32 * 1024 * 1024;
/** Games in one import, statuses and list entries together. */
export const IMPORT_GAMES_MAX = 20_000;

// Spreadsheet formula injection (OWASP, "CSV Injection"): a cell that begins with =, +, -, @,
// a tab or a carriage return is run as a formula by spreadsheet programs, so it is written
// with a single quote in front. A cell that already begins with quotes before one of those
// gets one more, so that reading removes exactly one and every value comes back as it was.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;
export const neutraliseCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
export const restoreCell = (text: string): string => (NEUTRALISED.test(text) ? text.slice(1) : text);

const csv = (columns: readonly string[], rows: unknown[][]) =>
  stringify([columns, ...rows], {
    record_delimiter: 'windows',
    cast: { boolean: (value) => String(value), string: neutraliseCell },
  });

/** The export as CSV files (statuses, lists, list entries). */
export function exportCsvFiles(data: LibraryExport): { name: string; content: string }[] {
  return [
    {
      name: EXPORT_FILES.statuses,
      content: csv(
        STATUS_COLUMNS,
        data.statuses.map((row) => [
          row.title,
          row.slug,
          row.status,
          row.wishlist,
          row.favourite,
          row.platform,
          row.hours_played,
          row.started_on,
          row.finished_on,
          row.note,
          row.updated_at,
        ]),
      ),
    },
    {
      name: EXPORT_FILES.lists,
      content: csv(
        LIST_COLUMNS,
        data.lists.map((list) => [
          list.title,
          list.slug,
          list.description,
          list.visibility,
          list.ranked,
          list.created_at,
        ]),
      ),
    },
    {
      name: EXPORT_FILES.entries,
      content: csv(
        ENTRY_COLUMNS,
        data.lists.flatMap((list) =>
          list.entries.map((entry) => [list.slug, entry.position, entry.title, entry.slug, entry.note]),
        ),
      ),
    },
  ];
}

/** The CSV files as one ZIP (deflated). */
export function zipExport(files: readonly { name: string; content: string }[], modified = new Date()): Uint8Array {
  return zipSync(Object.fromEntries(files.map((file) => [file.name, [strToU8(file.content), { mtime: modified }]])), {
    level: 6,
  });
}
