import { describe, expect, it } from 'vitest';
import { authorIdSchema, authorPath, authorUrlDecision } from './authors.ts';

const author = { id: 12, slug: 'ada-lindqvist' };
const at = (path: string) => authorUrlDecision(author, new URL(path, 'https://critical-hit.example'));

describe('author-url', () => {
  it('renders the canonical URL (a trailing slash is tolerated)', () => {
    expect(authorPath(author)).toBe('/authors/12/ada-lindqvist');
    expect(at('/authors/12/ada-lindqvist')).toEqual({ kind: 'ok' });
    expect(at('/authors/12/ada-lindqvist/')).toEqual({ kind: 'ok' });
  });
  it('redirects a wrong or missing name with a 301, keeping the query', () => {
    expect(at('/authors/12')).toEqual({ kind: 'redirect', location: '/authors/12/ada-lindqvist', status: 301 });
    expect(at('/authors/12/old-name?page=2')).toEqual({
      kind: 'redirect',
      location: '/authors/12/ada-lindqvist?page=2',
      status: 301,
    });
    expect(at('/authors/12/ada-lindqvist/extra')).toMatchObject({ kind: 'redirect' });
  });
  it('accepts only plain positive ids', () => {
    expect(authorIdSchema.safeParse('12').data).toBe(12);
    for (const bad of ['0', '012', '-1', '1.5', 'abc', '99999999999'])
      expect(authorIdSchema.safeParse(bad).success).toBe(false);
  });
});
