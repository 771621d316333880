import { describe, expect, it } from 'vitest';
import { cacheRuleFor, canonicalQuery, canonicalRouteUrl, matchCachedRoute, routeCacheKey } from './cache-key.ts';
import { routeRules } from './cache-rules.ts';

const key = (path: string) => routeCacheKey(new URL(path, 'http://localhost:4321'))?.key;

describe('cache keys', () => {
  it('keep only the parameters the route reads, so cache busters share one entry', () => {
    expect(key('/games?cb=1')).toBe('/games');
    expect(key('/games?cb=2&utm_source=mail&fbclid=x')).toBe('/games');
    expect(key('/games/portal-2?page=3')).toBe('/games/portal-2');
    expect(key('/games?page=2&cb=9')).toBe('/games?page=2');
    expect(key('/api/search?q=portal&limit=99')).toBe('/api/search?q=portal');
  });

  it('normalise what they keep: decoded, trimmed, empty dropped, names and repeated values sorted', () => {
    expect(key('/games?sort=title&page=2')).toBe(key('/games?page=2&sort=title'));
    expect(key('/games?page=%202%20')).toBe('/games?page=2');
    expect(key('/games?q=&page=')).toBe('/games');
    expect(key('/games?q=half%20life')).toBe(key('/games?q=half+life'));
    expect(key('/games?q=%68alf')).toBe('/games?q=half');
    expect(key('/games?genre=rpg&genre=action')).toBe('/games?genre=action&genre=rpg');
    expect(key('/games?genre=action&genre=rpg')).toBe('/games?genre=action&genre=rpg');
    expect(canonicalQuery(new URLSearchParams('b=2&a=1&a=0&c=3'), ['b', 'a'])).toBe('a=0&a=1&b=2');
    expect(canonicalQuery(new URLSearchParams('a=1'), [])).toBe('');
  });

  it('leave the Host out: no cached page depends on it', () => {
    const a = routeCacheKey(new URL('http://evil.example/games?page=2'));
    const b = routeCacheKey(new URL('http://localhost:4321/games?page=2'));
    expect(a?.key).toBe(b?.key);
  });

  it('exist only for paths a cache rule covers, never for the private ones', () => {
    expect(key('/dashboard')).toBeUndefined();
    expect(key('/api/critic-reviews')).toBeUndefined();
    expect(key('/account/settings')).toBeUndefined();
    expect(key('/no/such/route')).toBeUndefined();
    expect(key('/%E0%A4%A')).toBeUndefined();
  });
});

describe('route matching', () => {
  it('finds the rule of each kind of path', () => {
    expect(matchCachedRoute('/')?.pattern).toBe('/');
    expect(matchCachedRoute('/games')?.pattern).toBe('/games');
    expect(matchCachedRoute('/games/')?.pattern).toBe('/games');
    expect(matchCachedRoute('/games/portal-2')?.pattern).toBe('/games/[slug]');
    expect(matchCachedRoute('/games/portal-2/reviews')?.pattern).toBe('/games/[slug]/reviews');
    expect(matchCachedRoute('/outlet/components/ReviewSection')?.pattern).toBe('/outlet/components/ReviewSection');
    expect(matchCachedRoute('/outlet/pixel-ledger')?.pattern).toBe('/outlet/[slug]');
    expect(matchCachedRoute('/browse/genre/rpg')?.pattern).toBe('/browse/[...slug]');
    expect(matchCachedRoute('/authors/7')?.pattern).toBe('/authors/[id]/[...name]');
    expect(matchCachedRoute('/authors/7/ada-lovelace')?.pattern).toBe('/authors/[id]/[...name]');
    expect(matchCachedRoute('/sitemaps/games-1.xml')?.pattern).toBe('/sitemaps/[file]');
    expect(matchCachedRoute('/calendar.ics')?.pattern).toBe('/calendar.ics');
    expect(matchCachedRoute('/calendarxics')).toBeUndefined();
  });

  it('covers every rule', () => {
    const sample = (pattern: string) => pattern.replace(/\[\.\.\.[^\]]+\]/g, 'a/b').replace(/\[[^\]]+\]/g, 'x');
    for (const pattern of Object.keys(routeRules))
      expect(matchCachedRoute(sample(pattern))?.pattern, pattern).toBe(pattern);
  });
});

describe('cacheRuleFor', () => {
  it('gives a rule to the route it names, and to no other route whose URL looks like it', () => {
    expect(cacheRuleFor('/games/[slug]', '/games/portal-2')).toBe(routeRules['/games/[slug]']);
    expect(cacheRuleFor('/browse/[...slug]', '/browse')).toBe(routeRules['/browse/[...slug]']);
    // Static routes beside a dynamic rule: the URL matches the rule's pattern, the route is another.
    expect(matchCachedRoute('/games/request')?.pattern).toBe('/games/[slug]');
    expect(cacheRuleFor('/games/request', '/games/request')).toBeUndefined();
    expect(cacheRuleFor('/api/lists', '/api/lists')).toBeUndefined();
    expect(cacheRuleFor('/dashboard/lists/[id]', '/dashboard/lists/5')).toBeUndefined();
    expect(cacheRuleFor('/404', '/games/no/such/page')).toBeUndefined();
  });

  it('gives none when the path would be keyed under another rule, or never keyed', () => {
    expect(cacheRuleFor('/[username]/lists/[listname]', '/dashboard/lists/5')).toBeUndefined();
  });
});

describe('canonicalRouteUrl', () => {
  const canonical = (path: string) => canonicalRouteUrl(new URL(path, 'http://localhost:4321'))?.href;

  it('rewrites a cached route to the query its key keeps', () => {
    expect(canonical('/games?cb=1')).toBe('http://localhost:4321/games');
    expect(canonical('/games?sort=%20title&cb=1')).toBe('http://localhost:4321/games?sort=title');
    expect(canonical('/games?page=3&page=2')).toBe('http://localhost:4321/games?page=2&page=3');
  });

  it('leaves URLs already in that form, and routes outside the cache, alone', () => {
    expect(canonical('/games')).toBeUndefined();
    expect(canonical('/games?page=2')).toBeUndefined();
    expect(canonical('/games?q=half%20life')).toBeUndefined();
    expect(canonical('/games?genre=action&page=2')).toBeUndefined();
    expect(canonical('/login?redirect=/x')).toBeUndefined();
  });
});
