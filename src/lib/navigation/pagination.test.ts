import { describe, expect, it } from 'vitest';
import {
  firstRank,
  MAX_PAGE,
  pageCount,
  pageQuery,
  pageRange,
  paginationWindow,
  parsePage,
  toPaged,
} from './pagination.ts';

describe('pageCount', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(1, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(193, 24)).toBe(9);
  });
});

describe('paginationWindow', () => {
  it('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(paginationWindow(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
  });

  it('shows a single missing page instead of a gap', () => {
    expect(paginationWindow(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(paginationWindow(17, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });

  it('handles the first and last pages', () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, null, 20]);
    expect(paginationWindow(20, 20)).toEqual([1, null, 19, 20]);
  });

  it('lists every page when there are few', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(1, 2)).toEqual([1, 2]);
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('widens with the radius', () => {
    expect(paginationWindow(10, 20, 2)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });

  it('never repeats a page or puts two gaps side by side', () => {
    for (let last = 1; last <= 12; last += 1) {
      for (let current = 1; current <= last; current += 1) {
        const items = paginationWindow(current, last);
        const pages = items.filter((item): item is number => item !== null);
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(last);
        expect(pages).toContain(current);
        items.forEach((item, i) => {
          if (item === null) expect(items[i + 1]).not.toBeNull();
        });
      }
    }
  });
});

describe('page numbers in URLs', () => {
  const read = (query: string) => parsePage(new URLSearchParams(query));

  it('read ?page= leniently: anything but a whole number 1..MAX_PAGE is page 1', () => {
    expect(read('page=3')).toBe(3);
    expect(read(`page=${MAX_PAGE}`)).toBe(MAX_PAGE);
    for (const bad of ['', 'page=', 'page=0', 'page=-2', 'page=2.5', 'page=abc', `page=${MAX_PAGE + 1}`, 'page=1e9'])
      expect(read(bad), bad).toBe(1);
  });

  it('write page 1 as no query at all', () => {
    expect(pageQuery(1)).toBe('');
    expect(pageQuery(4)).toBe('?page=4');
  });
});

describe('a page of a list', () => {
  it('knows its range, its page count and the rank of its first item', () => {
    expect(pageRange({ page: 3, pageSize: 24 })).toEqual({ limit: 24, offset: 48 });
    const paged = toPaged(['a', 'b'], 50, { page: 3, pageSize: 24 });
    expect(paged).toEqual({ items: ['a', 'b'], total: 50, page: 3, pageSize: 24, pageCount: 3 });
    expect(firstRank(paged)).toBe(49);
  });
});
