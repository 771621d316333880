import { parse as parseCsvRecords } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { z } from 'zod';
import {
  ENTRIES_PER_LIST_MAX,
  LIST_DESCRIPTION_MAX,
  LIST_ENTRY_NOTE_MAX,
  LIST_TITLE_MAX,
  LIST_VISIBILITIES,
  LISTS_PER_USER_MAX,
  slugifyTitle,
} from '../lists/lists.ts';
import { PLAY_HOURS_MAX, PLAY_NOTE_MAX, PLAY_STATUSES } from './play-status.ts';
import {
  blankRow,
  datesOutOfOrder,
  ImportFormatError,
  type ImportList,
  type ImportRow,
  type ParsedImport,
} from './import.ts';
import { IMPORT_ROWS_MAX } from './import-limits.ts';
import { EXPORT_FILES, EXPORT_UNZIPPED_MAX, IMPORT_GAMES_MAX, restoreCell } from './export-file.ts';

/** Reading the site's own export back (export.json or export.zip) for the importer; writing it is export-file.ts. */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value, 'That date does not exist.');
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => (value?.trim() ? value : null));

const statusSchema = z.object({
  title: z.string().trim().min(1, 'no title').max(300),
  slug: z.string().max(300).nullish(),
  status: z.enum(PLAY_STATUSES).nullish(),
  wishlist: z.boolean().nullish(),
  favourite: z.boolean().nullish(),
  platform: text(100),
  hours_played: z.number().min(0).max(PLAY_HOURS_MAX).nullish(),
  started_on: isoDate.nullish(),
  finished_on: isoDate.nullish(),
  note: text(PLAY_NOTE_MAX),
});

const entrySchema = z.object({
  position: z.number().int().min(1),
  title: z.string().trim().min(1).max(300),
  slug: z.string().max(300).nullish(),
  note: text(LIST_ENTRY_NOTE_MAX),
});
const listSchema = z.object({
  title: z.string().trim().min(1, 'no title').max(LIST_TITLE_MAX),
  slug: z.string().max(100).nullish(),
  description: text(LIST_DESCRIPTION_MAX),
  visibility: z.enum(LIST_VISIBILITIES).nullish(),
  ranked: z.boolean().nullish(),
  entries: z.array(z.unknown()).default([]),
});

const problemOf = (error: z.ZodError) => {
  const issue = error.issues[0]!;
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
};
const gameKey = (title: string, slug: string | null | undefined) =>
  slug ? `slug:${slug}` : `title:${title.toLowerCase()}`;

/** Rows and lists from an export's statuses and lists, each checked on its own: a bad one is skipped and named. */
function fromExport(statuses: readonly unknown[], lists: readonly unknown[]): ParsedImport {
  const rows: ImportRow[] = [];
  const problems: string[] = [];
  const byKey = new Map<string, ImportRow>();
  const readStatuses = statuses.slice(0, IMPORT_ROWS_MAX);
  if (statuses.length > IMPORT_ROWS_MAX)
    problems.push(`Only the first ${IMPORT_ROWS_MAX} games with a status were read.`);
  readStatuses.forEach((value, index) => {
    const parsed = statusSchema.safeParse(value);
    if (!parsed.success) return problems.push(`Game ${index + 1}: ${problemOf(parsed.error)}, skipped.`);
    const item = parsed.data;
    const key = gameKey(item.title, item.slug);
    if (byKey.has(key))
      return problems.push(`Game ${index + 1} (${item.title}): in the file twice, the second is skipped.`);
    const started = item.started_on ?? null;
    const finished = item.finished_on ?? null;
    const outOfOrder = datesOutOfOrder(started, finished);
    if (outOfOrder)
      problems.push(
        `Game ${index + 1} (${item.title}): finished on ${finished} before it was started on ${started}, so the dates are left out.`,
      );
    const row: ImportRow = {
      ...blankRow(rows.length + 1, item.title),
      slug: item.slug || null,
      platform: item.platform,
      status: item.status ?? null,
      wishlist: item.wishlist ?? false,
      favourite: item.favourite ?? false,
      hoursPlayed:
        item.hours_played === null || item.hours_played === undefined ? null : Math.round(item.hours_played * 10) / 10,
      startedOn: outOfOrder ? null : started,
      finishedOn: outOfOrder ? null : finished,
      note: item.note,
    };
    rows.push(row);
    byKey.set(key, row);
  });

  const readLists: ImportList[] = [];
  const slugs = new Set<string>();
  if (lists.length > LISTS_PER_USER_MAX)
    problems.push(`Only the first ${LISTS_PER_USER_MAX} lists were read (the most anyone can keep).`);
  lists.slice(0, LISTS_PER_USER_MAX).forEach((value, index) => {
    const parsed = listSchema.safeParse(value);
    if (!parsed.success) return problems.push(`List ${index + 1}: ${problemOf(parsed.error)}, skipped.`);
    const item = parsed.data;
    const slug = item.slug && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(item.slug) ? item.slug : slugifyTitle(item.title);
    if (slugs.has(slug))
      return problems.push(`List ${index + 1} (${item.title}): in the file twice, the second is skipped.`);
    slugs.add(slug);
    const list: ImportList = {
      title: item.title,
      slug,
      description: item.description,
      visibility: item.visibility ?? 'public',
      ranked: item.ranked ?? false,
      entries: [],
    };
    const seen = new Set<number>();
    if (item.entries.length > ENTRIES_PER_LIST_MAX)
      problems.push(
        `List "${item.title}": only its first ${ENTRIES_PER_LIST_MAX} games were read (the most a list can hold).`,
      );
    item.entries.slice(0, ENTRIES_PER_LIST_MAX).forEach((entryValue, entryIndex) => {
      const entry = entrySchema.safeParse(entryValue);
      if (!entry.success)
        return problems.push(`List "${item.title}", game ${entryIndex + 1}: ${problemOf(entry.error)}, skipped.`);
      const key = gameKey(entry.data.title, entry.data.slug);
      let row = byKey.get(key);
      if (!row) {
        if (rows.length >= IMPORT_GAMES_MAX)
          return problems.push(
            `List "${item.title}", game ${entryIndex + 1}: more than ${IMPORT_GAMES_MAX} games in the file, skipped.`,
          );
        row = { ...blankRow(rows.length + 1, entry.data.title), slug: entry.data.slug || null };
        rows.push(row);
        byKey.set(key, row);
      }
      if (seen.has(row.line))
        return problems.push(`List "${item.title}": ${entry.data.title} is on it twice, the second is skipped.`);
      seen.add(row.line);
      if (!row.lists.includes(item.title)) row.lists.push(item.title);
      list.entries.push({ line: row.line, position: entry.data.position, note: entry.data.note });
    });
    list.entries.sort((a, b) => a.position - b.position);
    readLists.push(list);
  });
  return { format: 'export', rows, lists: readLists, problems };
}

/** True when `text` is an export.json (its first characters name the export's keys). */
export function looksLikeExportJson(text: string): boolean {
  const head = text.slice(0, 4096);
  return /^\s*\{/.test(head) && /"(exportedAt|statuses)"\s*:/.test(head);
}

/** export.json: { exportedAt, statuses: [...], lists: [{ ..., entries: [...] }] }. */
export function readExportJson(source: string): ParsedImport {
  let data: unknown;
  try {
    data = JSON.parse(source.replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportFormatError('This is not JSON that can be read: the export.json file is cut short or changed.');
  }
  const shape = z
    .object({ statuses: z.array(z.unknown()).default([]), lists: z.array(z.unknown()).default([]) })
    .safeParse(data);
  if (!shape.success || !data || typeof data !== 'object' || !('statuses' in data || 'lists' in data)) {
    throw new ImportFormatError('This is not a Critical Hit export: it has no statuses or lists.');
  }
  return fromExport(shape.data.statuses, shape.data.lists);
}

/** A ZIP file's first bytes. */
export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  (bytes[2] === 3 || bytes[2] === 5) &&
  (bytes[3] === 4 || bytes[3] === 6);

function csvRecords(content: string, name: string, required: readonly string[]): Record<string, string>[] {
  let records: Record<string, string>[];
  try {
    records = parseCsvRecords<Record<string, string>>(content, { bom: true, columns: true, skip_empty_lines: true });
  } catch (error) {
    throw new ImportFormatError(`${name} in the ZIP cannot be read as CSV: ${(error as Error).message}`);
  }
  const header = parseCsvRecords(content.split(/\r?\n/, 1)[0] ?? '', { bom: true })[0] ?? [];
  const missing = required.filter((column) => !header.includes(column));
  if (missing.length > 0)
    throw new ImportFormatError(
      `${name} in the ZIP is not from a Critical Hit export: it has no ${missing.join(', ')} column.`,
    );
  return records.map((record) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, restoreCell(value)])),
  );
}

const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);
const flag = (value: string | undefined) =>
  value === undefined || value === '' ? null : value === 'true' ? true : value === 'false' ? false : value;
const number = (value: string | undefined) =>
  value === undefined || value === '' ? null : Number.isFinite(Number(value)) ? Number(value) : value;

/** export.zip: statuses.csv, lists.csv and list-entries.csv (its own cells' quotes against formulas removed). */
export function readExportZip(bytes: Uint8Array): ParsedImport {
  let files: Record<string, Uint8Array>;
  try {
    let declared = 0;
    files = unzipSync(bytes, {
      filter: (file) => {
        const wanted = Object.values(EXPORT_FILES).includes(file.name.split('/').pop() as never);
        if (wanted) declared += file.originalSize;
        if (declared > EXPORT_UNZIPPED_MAX)
          throw new ImportFormatError(
            `The ZIP holds more than ${EXPORT_UNZIPPED_MAX / 1024 / 1024} MB of CSV: this is not an export of one library.`,
          );
        return wanted;
      },
    });
  } catch (error) {
    if (error instanceof ImportFormatError) throw error;
    throw new ImportFormatError('This ZIP file cannot be read: it is cut short or not a ZIP file.');
  }
  const file = (name: string) => {
    const found = Object.entries(files).find(([path]) => path.split('/').pop() === name);
    return found ? strFromU8(found[1]) : null;
  };
  const statusesCsv = file(EXPORT_FILES.statuses);
  const listsCsv = file(EXPORT_FILES.lists);
  if (statusesCsv === null && listsCsv === null)
    throw new ImportFormatError('This ZIP is not a Critical Hit export: it has no statuses.csv or lists.csv.');
  const statuses = (
    statusesCsv === null ? [] : csvRecords(statusesCsv, EXPORT_FILES.statuses, ['title', 'status'])
  ).map((record) => ({
    title: record.title,
    slug: orNull(record.slug),
    status: orNull(record.status),
    wishlist: flag(record.wishlist),
    favourite: flag(record.favourite),
    platform: orNull(record.platform),
    hours_played: number(record.hours_played),
    started_on: orNull(record.started_on),
    finished_on: orNull(record.finished_on),
    note: orNull(record.note),
  }));
  const entriesCsv = file(EXPORT_FILES.entries);
  const entries = new Map<string, Record<string, string>[]>();
  for (const entry of entriesCsv === null
    ? []
    : csvRecords(entriesCsv, EXPORT_FILES.entries, ['list', 'position', 'title'])) {
    const of = entries.get(entry.list ?? '') ?? [];
    of.push(entry);
    entries.set(entry.list ?? '', of);
  }
  const lists = (listsCsv === null ? [] : csvRecords(listsCsv, EXPORT_FILES.lists, ['title', 'slug'])).map(
    (record) => ({
      title: record.title,
      slug: orNull(record.slug),
      description: orNull(record.description),
      visibility: orNull(record.visibility),
      ranked: flag(record.ranked),
      entries: (entries.get(record.slug ?? '') ?? []).map((entry) => ({
        position: number(entry.position),
        title: entry.title,
        slug: orNull(entry.slug),
        note: orNull(entry.note),
      })),
    }),
  );
  return fromExport(statuses, lists);
}
