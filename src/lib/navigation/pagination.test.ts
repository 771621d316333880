import { describe, expect, it } from 'vitest';
import { pageCount, paginationWindow } from './pagination.ts';

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
