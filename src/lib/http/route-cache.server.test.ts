import { beforeEach, describe, expect, it, vi } from 'vitest';
import { gameTag } from './cache-rules.ts';
import { purge, reviewWriteTargets } from './purge.server.ts';
import routeCacheProvider, { routeCache } from './route-cache.server.ts';

const provider = routeCacheProvider({ maxEntries: 100, maxBytes: 10_000_000 });
const onRequest = provider.onRequest!.bind(provider);
const logger = { info() {}, warn: vi.fn(), error() {} };
const context = (path: string, host = 'localhost:4321') => {
  const url = new URL(`http://${host}${path}`);
  return { request: new Request(url), url, logger };
};

/** A rendered page the way Astro hands it to the provider: cache headers from the route rule. */
function render(body: string, tags = 'games', headers: Record<string, string> = {}) {
  return vi.fn(async () =>
    new Response(body, {
      headers: { 'content-type': 'text/html', 'CDN-Cache-Control': 'max-age=43200, stale-while-revalidate=43200', 'Cache-Tag': tags, ...headers },
    }),
  );
}

const state = (response: Response) => response.headers.get('X-Astro-Cache');

beforeEach(() => {
  routeCache().purge({ all: true });
});

describe('the route cache provider', () => {
  it('serves ?cb=N variants, and any Host, from one entry', async () => {
    const first = render('games page');
    const miss = await onRequest(context('/games?cb=0'), first);
    expect(state(miss)).toBe('MISS');
    expect(await miss.text()).toBe('games page');
    const entries = routeCache().entries;
    for (let n = 1; n <= 50; n += 1) {
      const hit = await onRequest(context(`/games?cb=${n}`, n % 2 ? 'evil.example' : 'localhost:4321'), render('never rendered'));
      expect(state(hit)).toBe('HIT');
      expect(await hit.text()).toBe('games page');
    }
    expect(routeCache().entries).toBe(entries);
    expect(first).toHaveBeenCalledTimes(1);
    // The parameters the route reads do make entries of their own.
    expect(state(await onRequest(context('/games?page=2'), render('page 2')))).toBe('MISS');
  });

  it('leaves out pages that set cookies, are private or vary by request headers, and uncached routes', async () => {
    const withCookie = await onRequest(context('/games/portal-2'), render('x', 'games', { 'set-cookie': 'a=1' }));
    expect(state(withCookie)).toBeNull();
    const varies = await onRequest(context('/games/half-life-2'), render('x', 'games', { vary: 'Cookie' }));
    expect(state(varies)).toBeNull();
    const dashboard = await onRequest(context('/dashboard'), render('private'));
    expect(state(dashboard)).toBeNull();
    // Marked private (everything outside the shared routes, or a shared page that read the
    // visitor), whatever cache headers Astro added: a route rule that reached the wrong route.
    for (const cacheControl of ['private, no-store', 'no-store', 'no-cache']) {
      const personal = await onRequest(context('/games/request'), render('Your requests', 'games', { 'cache-control': cacheControl }));
      expect(state(personal), cacheControl).toBeNull();
    }
    expect(routeCache().entries).toBe(0);
  });

  it('stores no per-response or cache-instruction headers', async () => {
    await onRequest(context('/games/portal-2'), render('x', 'games, game:portal-2', { 'set-cookie-not': 'kept' }));
    const hit = await onRequest(context('/games/portal-2'), render('y'));
    expect(state(hit)).toBe('HIT');
    expect(hit.headers.get('cache-tag')).toBeNull();
    expect(hit.headers.get('cdn-cache-control')).toBeNull();
    expect(hit.headers.get('content-type')).toBe('text/html');
  });

  it('is emptied by a purge with no request, exactly where the tags say', async () => {
    await onRequest(context('/games/portal-2'), render('portal', `games, ${gameTag('portal-2')}`));
    await onRequest(context('/games/half-life-2'), render('half-life', `games, ${gameTag('half-life-2')}`));
    await purge(reviewWriteTargets({ gameSlugs: ['portal-2', 'portal-2'], outletSlug: 'pixel-ledger', authorIds: [7, null] }));
    expect(state(await onRequest(context('/games/portal-2'), render('portal v2', gameTag('portal-2'))))).toBe('MISS');
    expect(state(await onRequest(context('/games/half-life-2'), render('x')))).toBe('HIT');
  });

  it('answers Astro\'s invalidate by tag and by path', async () => {
    await onRequest(context('/sitemap.xml'), render('<urlset/>', ''));
    await onRequest(context('/games?page=2'), render('p2', 'games'));
    await provider.invalidate({ path: '/sitemap.xml' });
    await provider.invalidate({ tags: 'games' });
    expect(routeCache().entries).toBe(0);
  });
});

describe('reviewWriteTargets', () => {
  it('names the game, outlet and author pages and every list of reviews, scores and outlets', () => {
    expect(reviewWriteTargets({ gameSlugs: ['portal-2'], outletSlug: 'pixel-ledger', authorIds: [7, null] })).toEqual({
      tags: [gameTag('portal-2'), 'outlet:pixel-ledger', 'author:7', 'reviews', 'scores', 'outlets'],
    });
  });
});
