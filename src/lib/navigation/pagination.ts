/** Number of pages for `total` items (at least one, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
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
