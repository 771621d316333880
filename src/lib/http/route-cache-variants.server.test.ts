import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as compression from './compression.server.ts';
import routeCacheProvider, { routeCache } from './route-cache.server.ts';
import { refineQuickVariants } from './route-cache-variants.server.ts';

// The compressor the provider calls, wrapped so a test can count calls.
vi.mock('./compression.server.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./compression.server.ts')>();
  return { ...actual, compress: vi.fn(actual.compress) };
});
const compress = vi.mocked(compression.compress);

const provider = routeCacheProvider({ maxEntries: 100, maxBytes: 10_000_000 });
const onRequest = provider.onRequest!.bind(provider);
const logger = { info() {}, warn: vi.fn(), error() {} };
const context = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const url = new URL(`http://localhost:4321${path}`);
  return { request: new Request(url, { headers, method }), url, logger };
};

const page = `<!doctype html><main>${'<p>Critic reviews you can check, scores you can trust.</p>'.repeat(300)}</main>`;
const render = (body = page, type = 'text/html; charset=utf-8') =>
  vi.fn(async () => new Response(body, { headers: { 'content-type': type, 'CDN-Cache-Control': 'max-age=600', 'Cache-Tag': 'games' } }));

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

beforeEach(() => {
  routeCache().purge({ all: true });
  compress.mockClear();
});

describe('the route cache and encoded variants', () => {
  it('compresses each variant once, the first time a request wants it, and serves every later hit without compressing', async () => {
    const miss = await onRequest(context('/games/portal-2', { 'accept-encoding': 'br, gzip' }), render());
    expect(miss.headers.get('X-Astro-Cache')).toBe('MISS');
    expect(miss.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(miss)).toString()).toBe(page);
    expect(compress.mock.calls.map(([, coding, effort]) => [coding, effort])).toEqual([['br', 'quick']]); // nobody has asked for gzip
    expect(Object.keys(routeCache().lookup('/games/portal-2')!.page.variants)).toEqual(['br']);

    // The first gzip client has gzip made (once), and it is kept for the next. Being a hit,
    // it also has the quick brotli copy made again, well.
    const first = await onRequest(context('/games/portal-2', { 'accept-encoding': 'gzip' }), render('never rendered'));
    expect(first.headers.get('X-Astro-Cache')).toBe('HIT');
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(first)).toString()).toBe(page);
    await vi.waitFor(() => expect(routeCache().lookup('/games/portal-2')!.page.quick).toEqual([]));
    expect(compress.mock.calls.map(([, coding, effort]) => `${coding} ${effort}`).sort()).toEqual(['br kept', 'br quick', 'gzip kept']);
    expect(Object.keys(routeCache().lookup('/games/portal-2')!.page.variants).sort()).toEqual(['br', 'gzip']);
    compress.mockClear();

    for (const [accept, coding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip', 'gzip'], ['', null], ['identity', null]] as const) {
      const hit = await onRequest(context('/games/portal-2', accept ? { 'accept-encoding': accept } : {}), render('never rendered'));
      expect(hit.headers.get('X-Astro-Cache')).toBe('HIT');
      expect(hit.headers.get('content-encoding')).toBe(coding);
      expect(hit.headers.get('vary')).toBe('Accept-Encoding');
      const body = await bytes(hit);
      expect(Number(hit.headers.get('content-length'))).toBe(body.length);
      const decoded = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
      expect(decoded.toString()).toBe(page);
    }
    expect(compress).not.toHaveBeenCalled();
  });

  it('makes a missing variant once however many hits want it at once, and never adds it to a newer render', async () => {
    await onRequest(context('/games/portal-2'), render());
    expect(compress).not.toHaveBeenCalled(); // a plain request stores the page with no variant
    const hits = await Promise.all(Array.from({ length: 5 }, () => onRequest(context('/games/portal-2', { 'accept-encoding': 'br' }), render())));
    expect(compress).toHaveBeenCalledTimes(1);
    expect(compress.mock.calls[0]?.[2]).toBe('kept'); // made for a hit: the page has readers
    for (const hit of hits) expect(brotliDecompressSync(await bytes(hit)).toString()).toBe(page);

    // A gzip copy still being made when a purge and a new render land is not added to the new page.
    const making = onRequest(context('/games/portal-2', { 'accept-encoding': 'gzip' }), render());
    routeCache().purge({ tags: ['games'] });
    const newer = `<!doctype html><main>${'<p>Updated.</p>'.repeat(400)}</main>`;
    await onRequest(context('/games/portal-2'), render(newer));
    expect(gunzipSync(await bytes(await making)).toString()).toBe(page);
    const stored = routeCache().lookup('/games/portal-2')!.page;
    expect(Buffer.from(stored.body).toString()).toBe(newer);
    expect(stored.variants).toEqual({});
  });

  it('gives each variant its own ETag and answers 304 only to the variant the client holds', async () => {
    await onRequest(context('/games/portal-2'), render());
    const br = await onRequest(context('/games/portal-2', { 'accept-encoding': 'br' }), render());
    const plain = await onRequest(context('/games/portal-2'), render());
    const brTag = br.headers.get('etag')!;
    const plainTag = plain.headers.get('etag')!;
    expect(brTag).toMatch(/^".+-br"$/);
    expect(plainTag).not.toBe(brTag);

    const revalidated = await onRequest(context('/games/portal-2', { 'accept-encoding': 'br', 'if-none-match': brTag }), render());
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(brTag);
    expect(revalidated.headers.get('content-encoding')).toBe('br');
    // The brotli tag does not validate the gzip bytes.
    const gzip = await onRequest(context('/games/portal-2', { 'accept-encoding': 'gzip', 'if-none-match': brTag }), render());
    expect(gzip.status).toBe(200);
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(page);
  });

  it('answers HEAD from the cache with the headers GET gets, and never stores on HEAD', async () => {
    const headMiss = render();
    await onRequest(context('/games/half-life-2', { 'accept-encoding': 'br' }, 'HEAD'), headMiss);
    expect(headMiss).toHaveBeenCalledTimes(1);
    expect(routeCache().entries).toBe(0);

    await onRequest(context('/games/half-life-2'), render());
    const get = await onRequest(context('/games/half-life-2', { 'accept-encoding': 'br' }), render());
    const head = await onRequest(context('/games/half-life-2', { 'accept-encoding': 'br' }, 'HEAD'), render());
    for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type']) {
      expect(head.headers.get(name)).toBe(get.headers.get(name));
    }
  });

  it('keeps small and binary answers as they are', async () => {
    await onRequest(context('/api/search?q=portal'), render('{"games":[]}', 'application/json'));
    const small = await onRequest(context('/api/search?q=portal', { 'accept-encoding': 'br' }), render());
    expect(small.headers.get('X-Astro-Cache')).toBe('HIT');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('{"games":[]}');
    expect(compress).not.toHaveBeenCalled();
  });
});

describe('quick copies for a miss, kept copies once a page is asked for again', () => {
  // Words in an irregular order, as a real page's text is: the two levels differ on it.
  const words = ['score', 'critic', 'outlet', 'review', 'player', 'list', 'verdict', 'platform', 'release', 'studio', 'the', 'a', 'game', 'story', 'combat', 'world'];
  let seed = 7;
  const nextRandom = () => (seed = (seed * 48_271) % 2_147_483_647);
  const sentence = () => Array.from({ length: 6 }, () => words[nextRandom() % words.length]).join(' ');
  const varied = `<!doctype html><main>${Array.from({ length: 600 }, () => `<p class="r${nextRandom() % 7}">${sentence()} ${nextRandom() % 1000}</p>`).join('')}</main>`;
  const brotliOf = (response: Response) => bytes(response);

  it('sends a miss its quick brotli copy, has the first hit make it again at the kept level, and sends later hits the smaller bytes', async () => {
    const miss = await onRequest(context('/games/celeste', { 'accept-encoding': 'br' }), render(varied));
    const quickBytes = await brotliOf(miss);
    expect(brotliDecompressSync(quickBytes).toString()).toBe(varied);
    const weakTag = miss.headers.get('etag')!;
    expect(weakTag).toMatch(/^W\/".+-br"$/);
    expect(compress.mock.calls.map(([, coding, effort]) => `${coding} ${effort}`)).toEqual(['br quick']);

    // The first hit is answered at once with the quick bytes; the kept copy is made beside it.
    const firstHit = await onRequest(context('/games/celeste', { 'accept-encoding': 'br' }), render('never rendered'));
    expect(await brotliOf(firstHit)).toEqual(quickBytes);
    await vi.waitFor(() => expect(routeCache().lookup('/games/celeste')!.page.quick).toEqual([]));
    expect(compress.mock.calls.map(([, coding, effort]) => `${coding} ${effort}`)).toEqual(['br quick', 'br kept']);

    const later = await onRequest(context('/games/celeste', { 'accept-encoding': 'br' }), render('never rendered'));
    const keptBytes = await brotliOf(later);
    expect(brotliDecompressSync(keptBytes).toString()).toBe(varied);
    expect(keptBytes.length).toBeLessThan(quickBytes.length);
    expect(later.headers.get('etag')).toBe(weakTag.slice(2)); // strong: these bytes are the ones kept
    // A client holding the quick bytes holds the same content: a 304, not the page again.
    const revalidated = await onRequest(context('/games/celeste', { 'accept-encoding': 'br', 'if-none-match': weakTag }), render());
    expect(revalidated.status).toBe(304);
    expect(compress).toHaveBeenCalledTimes(2);
  });

  it('makes the kept copy once however many hits arrive together, and never puts it on a newer render', async () => {
    await onRequest(context('/games/celeste', { 'accept-encoding': 'br' }), render(varied));
    compress.mockClear();
    await Promise.all(Array.from({ length: 5 }, () => onRequest(context('/games/celeste', { 'accept-encoding': 'br' }), render())));
    expect(compress.mock.calls.map(([, coding, effort]) => `${coding} ${effort}`)).toEqual(['br kept']);
    await vi.waitFor(() => expect(routeCache().lookup('/games/celeste')!.page.quick).toEqual([]));

    // A kept copy still being made when a purge and a new render land is dropped.
    const older = `<!doctype html><main>${'<p>Older.</p>'.repeat(500)}</main>`;
    const newer = `<!doctype html><main>${'<p>Newer.</p>'.repeat(500)}</main>`;
    await onRequest(context('/games/hades', { 'accept-encoding': 'br' }), render(older));
    const olderPage = routeCache().lookup('/games/hades')!.page;
    routeCache().purge({ tags: ['games'] });
    await onRequest(context('/games/hades', { 'accept-encoding': 'br' }), render(newer));
    await refineQuickVariants(routeCache(), '/games/hades', olderPage);
    const stored = routeCache().lookup('/games/hades')!.page;
    expect(Buffer.from(stored.body).toString()).toBe(newer);
    expect(stored.quick).toEqual(['br']);
    expect(brotliDecompressSync(stored.variants.br!).toString()).toBe(newer);
  });

  it("makes a stale page's new copy at the kept level, since its revalidation has no reader waiting", async () => {
    const withSwr = () =>
      vi.fn(async () => new Response(varied, { headers: { 'content-type': 'text/html', 'CDN-Cache-Control': 'max-age=600, stale-while-revalidate=600' } }));
    await onRequest(context('/games/celeste', { 'accept-encoding': 'br' }), withSwr());
    routeCache().lookup('/games/celeste')!.page.storedAt -= 601_000;
    compress.mockClear();
    const stale = await onRequest(context('/games/celeste', { 'accept-encoding': 'br' }), withSwr());
    expect(stale.headers.get('X-Astro-Cache')).toBe('STALE');
    await vi.waitFor(() => expect(routeCache().lookup('/games/celeste')!.page.storedAt).toBeGreaterThan(Date.now() - 60_000));
    const renewed = routeCache().lookup('/games/celeste')!.page;
    expect(renewed.quick).toEqual([]);
    expect(compress.mock.calls.some(([, , effort]) => effort === 'quick')).toBe(false);
    // One compression: the new render's. The stale render's quick copy is not made again.
    expect(compress.mock.calls.map(([, coding, effort]) => `${coding} ${effort}`)).toEqual(['br kept']);
  });
});

describe('serveRouteCacheHits (the node server, before Astro)', () => {
  it('answers a fresh hit as stored, and hands misses and stale pages to Astro', async () => {
    const { serveRouteCacheHits } = await import('./route-cache-hits.server.ts');
    const http = await import('node:http');
    const astro = vi.fn((_req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => res.end('astro'));
    const server = http.createServer(serveRouteCacheHits(astro));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, { headers }).then(async (res) => ({ res, body: Buffer.from(await res.arrayBuffer()) }));
    try {
      expect((await get('/games/portal-2')).body.toString()).toBe('astro');
      await onRequest(context('/games/portal-2'), render());
      // A page without the gzip copy a hit wants is left to Astro (whose provider makes it); with it, answered early.
      expect((await get('/games/portal-2', { 'accept-encoding': 'gzip' })).body.toString()).toBe('astro');
      await onRequest(context('/games/portal-2', { 'accept-encoding': 'gzip' }), render());
      expect(compress).toHaveBeenCalledTimes(1);
      compress.mockClear();
      const hit = await get('/games/portal-2?utm_source=x', { 'accept-encoding': 'gzip' });
      // fetch decodes gzip itself: the bytes and the header say what travelled.
      expect(hit.res.headers.get('content-encoding')).toBe('gzip');
      expect(hit.res.headers.get('x-astro-cache')).toBe('HIT');
      expect(hit.body.toString()).toBe(page);
      expect(astro).toHaveBeenCalledTimes(2);
      expect(compress).not.toHaveBeenCalled();

      const stale = routeCache().lookup('/games/portal-2')!.page;
      stale.storedAt -= 601_000; // past max-age: Astro serves it stale and revalidates
      expect((await get('/games/portal-2')).body.toString()).toBe('astro');
      expect(astro).toHaveBeenCalledTimes(3);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
