import { z } from 'zod';
import { CsvFileError, isBlankRow, parseCsvRows } from '../catalogue-import/csv.ts';
import { EXCERPT_LIMIT, HEADLINE_LIMIT, MANAGE_MESSAGES as M, VERDICT_LIMIT } from './manage.ts';

/**
 * An outlet's back catalogue from a CSV file: one review or preview a line, the game named
 * by its title and release year. Pure: the header and each line are checked here with
 * their own error; the server (review-import.server.ts) matches games, platforms and
 * authors, checks scores on the outlet's scale, and writes everything in one transaction.
 *
 * Columns (a header line, any order; only `game` is required):
 *   game, year, kind (review|preview), score, recommended (yes|no), verdict, headline,
 *   excerpt, url, platform (slug), author (name at the outlet), published_at
 * A line without published_at becomes a draft; a past time publishes it, a future one
 * schedules it under embargo.
 */

export const REVIEW_IMPORT_COLUMNS = [
  'game',
  'year',
  'kind',
  'score',
  'recommended',
  'verdict',
  'headline',
  'excerpt',
  'url',
  'platform',
  'author',
  'published_at',
] as const;
export const REVIEW_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const REVIEW_IMPORT_MAX_ROWS = 2000;

export const reviewImportRequestSchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file.' })
    .min(1, 'Choose a CSV file.')
    .max(REVIEW_IMPORT_MAX_BYTES, 'The file is too large: at most 2 MB.'),
  confirm: z.boolean().default(false),
});

export const REVIEW_IMPORT_HEADER_HELP = `The first line must name the columns: game (required), and any of ${REVIEW_IMPORT_COLUMNS.slice(1).join(', ')}.`;

/** One line, checked for its own shape; the server resolves the names. */
export interface ReviewImportLine {
  line: number;
  title: string;
  error: string | null;
  year: number | null;
  kind: 'review' | 'preview';
  rawScore: string | null;
  recommended: boolean | null;
  verdict: string | null;
  headline: string | null;
  excerpt: string | null;
  url: string | null;
  platform: string | null;
  author: string | null;
  /** ISO instant, or null for a draft. */
  publishedAt: string | null;
}

const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value));

const lineSchema = z.object({
  game: z.string().trim().min(1, 'The game title is empty.').max(200, 'A game title has at most 200 characters.'),
  year: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^(19[5-9][0-9]|20[0-9]{2})$/.test(value),
      'The year is a release year such as 2017.',
    )
    .transform((value) => (value === '' ? null : Number(value))),
  kind: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['', 'review', 'preview'].includes(value), 'The kind is review or preview.')
    .transform((value) => (value === 'preview' ? ('preview' as const) : ('review' as const))),
  score: text(5, 'Enter a score on the outlet scale.'),
  recommended: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['', 'yes', 'no', 'true', 'false'].includes(value), 'Recommended is yes or no.')
    .transform((value) => (value === '' ? null : value === 'yes' || value === 'true')),
  verdict: text(VERDICT_LIMIT, M.verdictTooLong),
  headline: text(HEADLINE_LIMIT, M.headlineTooLong),
  excerpt: text(EXCERPT_LIMIT, M.excerptTooLong),
  url: z
    .string()
    .trim()
    .max(500, M.urlInvalid)
    .refine((value) => value === '' || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), M.urlInvalid)
    .transform((value) => (value === '' ? null : value)),
  platform: z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (value) => value === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value),
      'Write the platform as its slug, such as pc or ps5.',
    )
    .transform((value) => (value === '' ? null : value)),
  author: text(100, M.nameInvalid),
  published_at: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return null;
      // A date alone is midnight UTC; a date and time without an offset is read as UTC.
      const iso = /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? `${value}T00:00:00Z`
        : /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(value)
          ? `${value.replace(' ', 'T')}Z`
          : value;
      const time = z.iso.datetime({ offset: true }).safeParse(iso).success ? Date.parse(iso) : Number.NaN;
      if (Number.isNaN(time)) {
        ctx.addIssue({
          code: 'custom',
          message: `The publish time "${value.slice(0, 40)}" is not a date: write it as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ.`,
        });
        return z.NEVER;
      }
      return new Date(time).toISOString();
    }),
});

export type ParsedReviewImport = { ok: true; lines: ReviewImportLine[] } | { ok: false; message: string };

/** Reads a whole file: a file-level problem, or every line with its own error. */
export function parseReviewImport(csv: string): ParsedReviewImport {
  let parsed: { line: number; fields: string[] }[];
  try {
    parsed = parseCsvRows(csv);
  } catch (error) {
    if (error instanceof CsvFileError) return { ok: false, message: error.message };
    throw error;
  }
  const [headerRow, ...dataRows] = parsed;
  const header = headerRow?.fields.map((name) => name.trim().toLowerCase()) ?? [];
  const unknown = header.find((name) => !(REVIEW_IMPORT_COLUMNS as readonly string[]).includes(name));
  if (!header.includes('game') || unknown !== undefined) {
    return {
      ok: false,
      message:
        unknown !== undefined && header.includes('game')
          ? `Unknown column "${unknown.slice(0, 40)}". ${REVIEW_IMPORT_HEADER_HELP}`
          : REVIEW_IMPORT_HEADER_HELP,
    };
  }
  const rows = dataRows.filter(({ fields }) => !isBlankRow(fields));
  if (rows.length === 0) return { ok: false, message: 'The file has a header but no reviews.' };
  if (rows.length > REVIEW_IMPORT_MAX_ROWS)
    return {
      ok: false,
      message: `The file has ${rows.length} rows: import at most ${REVIEW_IMPORT_MAX_ROWS} at a time.`,
    };

  const lines = rows.map(({ line, fields }): ReviewImportLine => {
    const record = Object.fromEntries(
      REVIEW_IMPORT_COLUMNS.map((column) => [column, fields[header.indexOf(column)] ?? '']),
    );
    const title = record.game!.trim().slice(0, 200);
    const empty: ReviewImportLine = {
      line,
      title,
      error: null,
      year: null,
      kind: 'review',
      rawScore: null,
      recommended: null,
      verdict: null,
      headline: null,
      excerpt: null,
      url: null,
      platform: null,
      author: null,
      publishedAt: null,
    };
    if (fields.length !== header.length)
      return { ...empty, error: `This row has ${fields.length} fields; the header has ${header.length}.` };
    const checked = lineSchema.safeParse(record);
    if (!checked.success) return { ...empty, error: checked.error.issues[0]?.message ?? 'This row could not be read.' };
    const value = checked.data;
    return {
      line,
      title: value.game,
      error: null,
      year: value.year,
      kind: value.kind,
      rawScore: value.score,
      recommended: value.recommended,
      verdict: value.verdict,
      headline: value.headline,
      excerpt: value.excerpt,
      url: value.url,
      platform: value.platform,
      author: value.author,
      publishedAt: value.published_at,
    };
  });
  return { ok: true, lines };
}
