import { describe, expect, it } from 'vitest';
import { escapeLike, isSearchable, MAX_QUERY, normaliseQuery, parseSearchParam } from './search.ts';

describe('search queries', () => {
  it('normalise case, spacing and width', () => {
    expect(normaliseQuery('  Half   LIFE\t2 ')).toBe('half life 2');
    expect(normaliseQuery('ＨＡＬＦ')).toBe('half');
    expect(normaliseQuery(null)).toBe('');
    expect(normaliseQuery('x'.repeat(200))).toHaveLength(MAX_QUERY);
  });
  it('treat control characters as spaces (PostgreSQL refuses a NUL byte)', () => {
    expect(normaliseQuery('half\u0000life\u0007 2\u009f')).toBe('half life 2');
    expect(normaliseQuery('\u0000')).toBe('');
  });
  it('need two characters', () => {
    expect(isSearchable('h')).toBe(false);
    expect(isSearchable('ha')).toBe(true);
  });
  it('escape LIKE wildcards', () => {
    expect(escapeLike('100%_done\\')).toBe('100\\%\\_done\\\\');
  });
});

describe('parseSearchParam', () => {
  it('is the normalised ?q=, or undefined when there is nothing to search for', () => {
    expect(parseSearchParam(new URLSearchParams('q=%20Half%20%20LIFE%20'))).toBe('half life');
    expect(parseSearchParam(new URLSearchParams('q=%20%20'))).toBeUndefined();
    expect(parseSearchParam(new URLSearchParams('genre=rpg'))).toBeUndefined();
  });
});
