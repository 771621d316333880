/** What the library importer takes, apart from the parsers so that the browser can check a file without loading them. */

export const IMPORT_FORMATS = ['hltb', 'steam', 'export'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/**
 * At most this many rows with a status per file, and this many bytes (a 5000-game Steam
 * library is about 600 KB; a 5000-game export with notes and lists a few MB).
 */
export const IMPORT_ROWS_MAX = 5000;
export const IMPORT_BYTES_MAX = 4 * 1024 * 1024;
export const IMPORT_TOO_LARGE = 'The file is larger than 4 MB.';
