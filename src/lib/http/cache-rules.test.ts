import { describe, expect, it } from 'vitest';
import { CACHE_PROFILES, isNeverCached, NEVER_CACHED_PREFIXES, routeRules, sharedCacheControl } from './cache-rules.ts';

describe('route rules', () => {
  it('cache list detail and catalogue pages 43200 s with stale-while-revalidate 43200 s', () => {
    expect(CACHE_PROFILES.listDetail).toEqual({ maxAge: 43_200, swr: 43_200 });
    expect(routeRules['/collections/[slug]']).toMatchObject({ maxAge: 43_200, swr: 43_200 });
    for (const path of ['/games/[slug]', '/reviews', '/outlet/[slug]', '/calendar', '/browse/[...slug]']) {
      expect(routeRules[path], path).toMatchObject({ maxAge: 43_200, swr: 43_200 });
      expect(routeRules[path]!.tags!.length, path).toBeGreaterThan(0);
    }
  });
  it('never cover a page that depends on who is asking', () => {
    for (const pattern of Object.keys(routeRules)) expect(isNeverCached(pattern), pattern).toBe(false);
    for (const prefix of NEVER_CACHED_PREFIXES) expect(isNeverCached(prefix.replace(/\/$/, '/x'))).toBe(true);
    expect(isNeverCached('/dashboard/my-games')).toBe(true);
    // The player's home and its feed: personal, never stored for anyone else.
    expect(isNeverCached('/dashboard')).toBe(true);
    expect(isNeverCached('/api/dashboard/feed')).toBe(true);
    expect(routeRules['/dashboard']).toBeUndefined();
    expect(routeRules['/api/dashboard/feed']).toBeUndefined();
    expect(isNeverCached('/api/critic-reviews/5')).toBe(true);
    expect(isNeverCached('/authors/1/ada')).toBe(false);
    expect(isNeverCached('/dashboards-are-not-a-prefix-match')).toBe(false);
  });
  it('tell shared caches in front the same lifetimes, and browsers to revalidate', () => {
    expect(sharedCacheControl(routeRules['/[username]/lists/[listname]']!)).toBe('public, max-age=0, s-maxage=43200');
    expect(sharedCacheControl(routeRules['/leaderboard']!)).toBe('public, max-age=0, s-maxage=60');
  });
  it('never let a browser show a stale copy while it revalidates', () => {
    // Browsers apply stale-while-revalidate too (Chromium to the service worker's fetches):
    // a member who rated a game got the listing as it was before, its purge undone.
    for (const [route, rule] of Object.entries(routeRules))
      expect(sharedCacheControl(rule), route).not.toContain('stale-while-revalidate');
  });
});
