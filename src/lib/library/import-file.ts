import { z } from 'zod';
import { isZip, looksLikeExportJson, readExportJson, readExportZip } from './export-read.ts';
import { ImportFormatError, parseHltbCsv, parseSteamJson, type ParsedImport } from './import.ts';
import { IMPORT_BYTES_MAX, IMPORT_FORMATS, IMPORT_TOO_LARGE, type ImportFormat } from './import-limits.ts';

/**
 * An imported file as the browser sends it: text (CSV, JSON) or, for a ZIP, its bytes in
 * base64. What the file is decides how it is read when it says so unmistakably (an export
 * of this site, a Steam library, a HowLongToBeat header), whatever format was chosen: a
 * user who picks their export.zip under "HowLongToBeat" still gets it imported.
 */

export type ImportFile = { text: string } | { bytes: Uint8Array };

/** Base64 of a file of IMPORT_BYTES_MAX bytes. */
const BASE64_MAX = Math.ceil(IMPORT_BYTES_MAX / 3) * 4;

const fileFields = {
  format: z.enum(IMPORT_FORMATS),
  text: z.string().max(IMPORT_BYTES_MAX, IMPORT_TOO_LARGE).optional(),
  base64: z
    .string()
    .max(BASE64_MAX, IMPORT_TOO_LARGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file is not base64.')
    .optional(),
};
const oneFile = (body: { text?: string | undefined; base64?: string | undefined }) =>
  (body.text === undefined) !== (body.base64 === undefined);
const ONE_FILE = 'Send the file as text or as base64.';

export const importPreviewSchema = z.object(fileFields).strict().refine(oneFile, ONE_FILE);

/** The link a user confirms for each row (game id, or null to skip it). */
export const importApplySchema = z
  .object({
    ...fileFields,
    /** line -> game id (a row left out is skipped). */
    links: z.record(z.string().regex(/^\d{1,6}$/), z.number().int().positive()),
  })
  .strict()
  .refine(oneFile, ONE_FILE);

/** What the file says it is, or null when it does not say clearly. */
export function detectFormat(file: ImportFile): ImportFormat | null {
  if ('bytes' in file) return isZip(file.bytes) ? 'export' : null;
  const head = file.text.slice(0, 4096).replace(/^\uFEFF/, '');
  if (looksLikeExportJson(head)) return 'export';
  if (/^\s*\{/.test(head) && /"response"\s*:/.test(head)) return 'steam';
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  if (/(^|,)"?Title"?(,|$)/.test(firstLine) && /(^|,)"?Platform"?(,|$)/.test(firstLine)) return 'hltb';
  return null;
}

export function parseImport(chosen: ImportFormat, file: ImportFile): ParsedImport {
  const size = 'bytes' in file ? file.bytes.length : file.text.length;
  if (size > IMPORT_BYTES_MAX) throw new ImportFormatError(IMPORT_TOO_LARGE);
  if ('text' in file ? file.text.trim() === '' : size === 0) throw new ImportFormatError('The file is empty.');
  const format = detectFormat(file) ?? chosen;
  if ('bytes' in file) {
    if (format === 'export') return readExportZip(file.bytes);
    // Bytes that are not a ZIP are read as the text they are.
    return parseImport(chosen, { text: new TextDecoder().decode(file.bytes) });
  }
  if (format === 'export') return readExportJson(file.text);
  return format === 'hltb' ? parseHltbCsv(file.text) : parseSteamJson(file.text);
}

/** The file of a checked request body (the base64 decoded). */
export function fileOf(body: { text?: string | undefined; base64?: string | undefined }): ImportFile {
  if (body.text !== undefined) return { text: body.text };
  const binary = atob(body.base64 ?? '');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return { bytes };
}
