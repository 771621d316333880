/**
 * Search text as the typeahead and /games?q= read it: trimmed, lower-cased, inner
 * whitespace collapsed, at most MAX_QUERY characters. Queries shorter than MIN_QUERY
 * characters return nothing (two letters match half the catalogue).
 */

export const MIN_QUERY = 2;
export const MAX_QUERY = 80;
export const SUGGESTION_LIMIT = 8;
export const OUTLET_SUGGESTION_LIMIT = 3;

export function normaliseQuery(raw: string | null | undefined): string {
  // Control characters (a NUL byte cannot even reach PostgreSQL) count as spaces.
  return (raw ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, MAX_QUERY)
    .trim();
}

/** ?q= of the games listing: the normalised query, or undefined when there is nothing to search for. */
export function parseSearchParam(search: URLSearchParams): string | undefined {
  const raw = search.get('q');
  const query = normaliseQuery(raw);
  return raw !== null && query !== '' ? query : undefined;
}

export function isSearchable(query: string): boolean {
  return query.length >= MIN_QUERY;
}

/** Escapes LIKE wildcards so a query containing % or _ matches them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface SearchSuggestion {
  kind: 'game' | 'outlet';
  label: string;
  /** Extra text shown after the label (release year, "Outlet"). */
  detail: string;
  href: string;
}
