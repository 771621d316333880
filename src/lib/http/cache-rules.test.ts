import { describe, expect, it } from 'vitest';
import { astroRouteRules, CACHE_PROFILES, isNeverCached, NEVER_CACHED_PREFIXES, routeRules } from './cache-rules.ts';

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
    expect(isNeverCached('/api/critic-reviews/5')).toBe(true);
    expect(isNeverCached('/authors/1/ada')).toBe(false);
    expect(isNeverCached('/dashboards-are-not-a-prefix-match')).toBe(false);
  });
  it('hand Astro the same lifetimes and tags, without the query lists Astro does not know', () => {
    expect(Object.keys(astroRouteRules)).toEqual(Object.keys(routeRules));
    expect(astroRouteRules['/games']).toEqual({ maxAge: 43_200, swr: 43_200, tags: ['games', 'scores'] });
    for (const rule of Object.values(astroRouteRules)) expect(rule).not.toHaveProperty('query');
  });
});
