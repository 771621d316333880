import { z } from 'zod';

/**
 * The one way lists are paged, on every paginated page and API: `?page=N` (1-based, the
 * default omitted from URLs), read leniently so that a stale or mangled link still shows
 * a list; a page past the end is an empty page that says so, not an error. The queries
 * that fill a page use paginate() from pagination.server.ts.
 */

/** The highest page number read from a URL; anything above falls back to page 1. */
export const MAX_PAGE = 10_000;

/** A page number from a query string: a whole number 1..MAX_PAGE, else 1. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

/** ?page= of a URL's query. */
export function parsePage(search: URLSearchParams): number {
  return pageNumberSchema.parse(search.get('page') || undefined);
}

/** The query string for a page of a list with no other parameters: '' for page 1, else "?page=N". */
export function pageQuery(page: number): string {
  return page > 1 ? `?page=${page}` : '';
}

/** What a paginated query is asked for. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** One page of a list, with what the pagination control needs. */
export interface Paged<T> {
  items: T[];
  /** Items in the whole list (for a capped count, the items within the cap). */
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** LIMIT and OFFSET of a page. */
export function pageRange({ page, pageSize }: PageRequest): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

/** Number of pages for `total` items (at least one, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page from its items and the total they are cut from. */
export function toPaged<T>(items: T[], total: number, request: PageRequest): Paged<T> {
  return {
    items,
    total,
    page: request.page,
    pageSize: request.pageSize,
    pageCount: pageCount(total, request.pageSize),
  };
}

/** Rank of the first item on a page (ranked lists continue their numbering). */
export function firstRank({ page, pageSize }: Pick<Paged<unknown>, 'page' | 'pageSize'>): number {
  return (page - 1) * pageSize + 1;
}

/**
 * Page numbers to show around the current page, with null for a gap:
 * [1, null, 4, 5, 6, null, 20].
 */
export function paginationWindow(current: number, last: number, radius = 1): (number | null)[] {
  const pages = new Set<number>([1, last]);
  for (let page = current - radius; page <= current + radius; page += 1) {
    if (page >= 1 && page <= last) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) out.push(page - previous === 2 ? previous + 1 : null);
    out.push(page);
  }
  return out;
}
