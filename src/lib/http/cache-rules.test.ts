import { describe, expect, it, vi } from 'vitest';
import { CACHE_PROFILES, gameTag, isNeverCached, NEVER_CACHED_PREFIXES, routeRules } from './cache-rules.ts';
import { purgerFor, reviewWriteTargets } from './purge.server.ts';

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
});

describe('purge', () => {
  it('invalidates every tag a review write changes, once each, and paths one by one', async () => {
    const invalidate = vi.fn(async () => {});
    const purge = purgerFor({ cache: { invalidate } as never });
    await purge(reviewWriteTargets({ gameSlugs: ['portal-2', 'portal-2'], outletSlug: 'pixel-ledger', authorIds: [7, null] }));
    expect(invalidate).toHaveBeenCalledWith({
      tags: [gameTag('portal-2'), 'outlet:pixel-ledger', 'author:7', 'reviews', 'scores', 'outlets'],
    });
    await purge({ paths: ['/sitemap.xml'] });
    expect(invalidate).toHaveBeenLastCalledWith({ path: '/sitemap.xml' });
  });

  it('empties exactly the tagged entries of the node server\'s memory cache', async () => {
    const { default: memoryProvider } = await import('astro/cache/memory');
    const provider = memoryProvider({ max: 10 });
    const onRequest = provider.onRequest!.bind(provider);
    const context = (path: string) => ({ request: new Request(`http://localhost${path}`), url: new URL(`http://localhost${path}`), logger: { info() {}, warn() {}, error() {} } });
    const render = (tags: string) => async () =>
      new Response('page', { headers: { 'CDN-Cache-Control': 'max-age=43200, stale-while-revalidate=43200', 'Cache-Tag': tags } });
    await onRequest(context('/games/portal-2'), render('games, game:portal-2'));
    await onRequest(context('/games/half-life-2'), render('games, game:half-life-2'));
    const hit = await onRequest(context('/games/portal-2'), render('x'));
    expect(hit.headers.get('X-Astro-Cache')).toBe('HIT');

    await purgerFor({ cache: { invalidate: (options: object) => provider.invalidate(options) } as never })({ tags: [gameTag('portal-2')] });
    expect((await onRequest(context('/games/portal-2'), render('games, game:portal-2'))).headers.get('X-Astro-Cache')).toBe('MISS');
    expect((await onRequest(context('/games/half-life-2'), render('x'))).headers.get('X-Astro-Cache')).toBe('HIT');
  });
});
