import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib, { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeCacheKey } from '../src/lib/http/cache-key.ts';
import { gameTag } from '../src/lib/http/cache-rules.ts';
import { purge, reviewWriteTargets } from '../src/lib/http/purge.server.ts';
import { pageStore } from './page-store.ts';
import routeCacheProvider, { serveCachedPages } from './route-cache.ts';

const provider = routeCacheProvider({ maxEntries: 100, maxBytes: 10_000_000 });
/** What the provider leaves running after it answers (a background revalidation). */
const pending: Promise<unknown>[] = [];
const onRequest = provider.onRequest!.bind(provider);
const logger = { info() {}, warn: vi.fn(), error() {} };
const context = (path: string, headers: Record<string, string> = {}, method = 'GET', host = 'localhost:4321') => {
  const url = new URL(`http://${host}${path}`);
  return {
    request: new Request(url, { headers, method }),
    url,
    logger,
    waitUntil: (work: Promise<unknown>) => void pending.push(work),
  };
};
const pageOf = (text: string) => `<!doctype html><main>${`<p>${text}</p>`.repeat(300)}</main>`;

/** A rendered page the way Astro hands it to the provider: cache headers from the route rule. */
function render(body: string, tags = 'games', headers: Record<string, string> = {}) {
  return vi.fn(
    async () =>
      new Response(body, {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'CDN-Cache-Control': 'max-age=600, stale-while-revalidate=600',
          'Cache-Tag': tags,
          ...headers,
        },
      }),
  );
}

const state = (response: Response) => response.headers.get('X-Astro-Cache');
const routeKey = (path: string) => routeCacheKey(new URL(path, 'http://localhost:4321'))!.key;
const store = pageStore();

beforeEach(() => {
  store.purge({ all: true });
  logger.warn.mockClear();
});

describe('the page cache provider', () => {
  it('serves ?cb=N variants, and any Host, from one entry', async () => {
    const first = render('games page');
    expect(state(await onRequest(context('/games?cb=0'), first))).toBe('MISS');
    for (let n = 1; n <= 50; n += 1) {
      const hit = await onRequest(
        context(`/games?cb=${n}`, {}, 'GET', n % 2 ? 'evil.example' : 'localhost:4321'),
        render('never rendered'),
      );
      expect(state(hit)).toBe('HIT');
      expect(await hit.text()).toBe('games page');
    }
    expect(store.stats().entries).toBe(1);
    expect(first).toHaveBeenCalledTimes(1);
    // The parameters the route reads do make entries of their own.
    expect(state(await onRequest(context('/games?page=2'), render('page 2')))).toBe('MISS');
  });

  it('leaves out pages that set cookies, are private or vary by request headers, and uncached routes', async () => {
    expect(
      state(await onRequest(context('/games/portal-2'), render('x', 'games', { 'set-cookie': 'a=1' }))),
    ).toBeNull();
    expect(state(await onRequest(context('/games/half-life-2'), render('x', 'games', { vary: 'Cookie' })))).toBeNull();
    expect(state(await onRequest(context('/dashboard'), render('private')))).toBeNull();
    // Marked private (everything outside the shared routes, or a shared page that read the
    // visitor), whatever cache headers Astro added: a route rule that reached the wrong route.
    for (const cacheControl of ['private, no-store', 'no-store', 'no-cache']) {
      expect(
        state(
          await onRequest(
            context('/games/request'),
            render('Your requests', 'games', { 'cache-control': cacheControl }),
          ),
        ),
        cacheControl,
      ).toBeNull();
    }
    expect(store.stats().entries).toBe(0);
  });

  it('stores no per-response or cache-instruction headers', async () => {
    await onRequest(context('/games/portal-2'), render('x', 'games, game:portal-2'));
    const hit = await onRequest(context('/games/portal-2'), render('y'));
    expect(state(hit)).toBe('HIT');
    expect(hit.headers.get('cache-tag')).toBeNull();
    expect(hit.headers.get('cdn-cache-control')).toBeNull();
    expect(hit.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('is emptied by a purge with no request, exactly where the tags say', async () => {
    await onRequest(context('/games/portal-2'), render('portal', `games, ${gameTag('portal-2')}`));
    await onRequest(context('/games/half-life-2'), render('half-life', `games, ${gameTag('half-life-2')}`));
    await purge(reviewWriteTargets({ gameSlugs: ['portal-2'], outletSlug: 'pixel-ledger', authorIds: [7, null] }));
    expect(state(await onRequest(context('/games/portal-2'), render('portal v2')))).toBe('MISS');
    expect(state(await onRequest(context('/games/half-life-2'), render('x')))).toBe('HIT');
  });

  it("answers Astro's invalidate by tag and by path", async () => {
    await onRequest(context('/sitemap.xml'), render('<urlset/>', ''));
    await onRequest(context('/games?page=2'), render('p2', 'games'));
    await provider.invalidate({ path: '/sitemap.xml' });
    await provider.invalidate({ tags: 'games' });
    expect(store.stats().entries).toBe(0);
  });

  it('makes the brotli copy for a brotli client that misses, and compresses nothing for a hit', async () => {
    const page = pageOf('Portal 2');
    const compress = vi.spyOn(zlib, 'brotliCompress');
    const miss = await onRequest(context('/games/portal-2', { 'accept-encoding': 'br, gzip' }), render(page));
    expect([state(miss), miss.headers.get('content-encoding')]).toEqual(['MISS', 'br']);
    expect(brotliDecompressSync(Buffer.from(await miss.arrayBuffer())).toString()).toBe(page);
    const calls = compress.mock.calls.length;
    for (const accept of ['br', 'gzip', '', 'br;q=0, gzip'])
      await onRequest(context('/games/portal-2', { 'accept-encoding': accept }), render('never'));
    expect(compress.mock.calls.length).toBe(calls);
    compress.mockRestore();
    // A gzip client gets the plain page, which the compression layer in front gzips.
    const gzip = await onRequest(context('/games/portal-2', { 'accept-encoding': 'gzip' }), render('never'));
    expect([gzip.headers.get('content-encoding'), await gzip.text()]).toEqual([null, page]);
  });

  it('stores the page without a copy for a client that takes no brotli, and makes it once for the first brotli clients', async () => {
    const page = pageOf('Hades');
    const compress = vi.spyOn(zlib, 'brotliCompress');
    const miss = await onRequest(context('/games/hades', { 'accept-encoding': 'gzip' }), render(page));
    expect([state(miss), miss.headers.get('content-encoding'), miss.headers.get('vary')]).toEqual([
      'MISS',
      null,
      'Accept-Encoding',
    ]);
    expect(await miss.text()).toBe(page);
    expect(store.fresh(routeKey('/games/hades'))?.br).toBeUndefined();
    expect(compress).not.toHaveBeenCalled();
    // Brotli clients arriving together wait for one copy, which every later hit is answered with.
    const together = await Promise.all(
      [1, 2, 3].map(() => onRequest(context('/games/hades', { 'accept-encoding': 'br' }), render('never'))),
    );
    const later = await onRequest(context('/games/hades', { 'accept-encoding': 'br' }), render('never'));
    expect(compress).toHaveBeenCalledTimes(1);
    compress.mockRestore();
    for (const hit of [...together, later]) {
      expect([state(hit), hit.headers.get('content-encoding'), hit.headers.get('etag')]).toEqual([
        'HIT',
        'br',
        `${miss.headers.get('etag')!.slice(0, -1)}-br"`,
      ]);
      expect(brotliDecompressSync(Buffer.from(await hit.arrayBuffer())).toString()).toBe(page);
    }
    expect(store.fresh(routeKey('/games/hades'))?.br).toBeInstanceOf(Buffer);
  });

  it('does not put a copy back over a page purged while it was made', async () => {
    await onRequest(context('/games/hades'), render(pageOf('Hades'), gameTag('hades')));
    const copying = onRequest(context('/games/hades', { 'accept-encoding': 'br' }), render('never'));
    await purge({ tags: [gameTag('hades')] });
    expect(state(await copying)).toBe('HIT');
    expect(store.stats().entries).toBe(0);
  });

  it('gives each copy its own ETag and answers 304 only to the copy the client holds, for GET and HEAD alike', async () => {
    await onRequest(context('/games/portal-2'), render(pageOf('Portal 2')));
    const br = await onRequest(context('/games/portal-2', { 'accept-encoding': 'br' }), render('never'));
    const plain = await onRequest(context('/games/portal-2'), render('never'));
    const brTag = br.headers.get('etag')!;
    expect(brTag).toMatch(/^"[^"]+-br"$/);
    expect(plain.headers.get('etag')).toBe(brTag.replace('-br', ''));
    expect(
      (
        await onRequest(
          context('/games/portal-2', { 'accept-encoding': 'br', 'if-none-match': `"x", ${brTag}` }),
          render('never'),
        )
      ).status,
    ).toBe(304);
    expect((await onRequest(context('/games/portal-2', { 'if-none-match': brTag }), render('never'))).status).toBe(200);
    const head = await onRequest(context('/games/portal-2', { 'accept-encoding': 'br' }, 'HEAD'), render('never'));
    for (const name of ['etag', 'content-encoding', 'content-length', 'vary'])
      expect(head.headers.get(name), name).toBe(br.headers.get(name));
  });

  it('keeps small and binary answers as they are, and never stores on HEAD', async () => {
    await onRequest(context('/robots.txt'), render('User-agent: *', 'static', { 'content-type': 'text/plain' }));
    const small = await onRequest(context('/robots.txt', { 'accept-encoding': 'br' }), render('never'));
    expect([state(small), small.headers.get('content-encoding'), small.headers.get('vary')]).toEqual([
      'HIT',
      null,
      null,
    ]);
    const head = render(pageOf('x'));
    expect(state(await onRequest(context('/about', {}, 'HEAD'), head))).toBeNull();
    expect(store.stats().entries).toBe(1);
  });

  it('serves a stale page while one background render refreshes it', async () => {
    await onRequest(context('/about'), render('old'));
    store.lookup('/about')!.page.storedAt -= 601_000;
    const refresh = render('new');
    const stale = await onRequest(context('/about'), refresh);
    expect([state(stale), await stale.text()]).toEqual(['STALE', 'old']);
    await vi.waitFor(() => expect(store.lookup('/about')?.fresh).toBe(true));
    expect(await (await onRequest(context('/about'), render('never'))).text()).toBe('new');
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('serveCachedPages (the node server, before Astro)', () => {
  const astro = vi.fn((_req: IncomingMessage, res: ServerResponse) => {
    res.statusCode = 299;
    res.end('astro');
  });
  const hits = serveCachedPages(store);
  const server = http.createServer((req, res) => {
    // As the server does: the common security headers are on the answer before the hit is.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    hits(req, res, () => astro(req, res));
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    astro.mockClear();
  });

  /** The bytes as they travelled, and the headers but the connection's own. */
  const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      http
        .request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const own = Object.entries(res.headers).filter(
              ([name]) => !['date', 'connection', 'keep-alive', 'x-content-type-options'].includes(name),
            );
            resolve({
              status: res.statusCode!,
              headers: Object.fromEntries(own) as Record<string, string>,
              body: Buffer.concat(chunks),
            });
          });
        })
        .on('error', reject)
        .end();
    });
  const viaProvider = async (path: string, headers: Record<string, string>, method = 'GET') => {
    const response = await onRequest(context(path, headers, method), render('never rendered'));
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer()),
    };
  };

  it('answers a fresh hit exactly as the provider would', async () => {
    await onRequest(context('/games/portal-2'), render(pageOf('Portal 2')));
    const brTag = (await viaProvider('/games/portal-2', { 'accept-encoding': 'br' })).headers.etag!;
    const requests: Record<string, string>[] = [
      { 'accept-encoding': 'br, gzip' },
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      { 'accept-encoding': 'identity' },
      {},
      { 'accept-encoding': 'br', 'if-none-match': brTag },
      { 'accept-encoding': 'br', 'if-none-match': '"other"' },
    ];
    for (const headers of requests) {
      for (const method of ['GET', 'HEAD']) {
        expect({ method, ...(await raw('/games/portal-2?utm_source=mail', headers, method)) }).toEqual({
          method,
          ...(await viaProvider('/games/portal-2', headers, method)),
        });
      }
    }
    expect(astro).not.toHaveBeenCalled();
  });

  it('hands on what Astro must answer: gzip clients, other methods, uncached routes, unreadable targets, copies to make, stale pages, purged pages', async () => {
    await onRequest(context('/games/portal-2'), render(pageOf('Portal 2')));
    expect((await raw('/games/portal-2', { 'accept-encoding': 'br;q=0, gzip' })).status).toBe(299);
    expect((await raw('/games/portal-2', { 'accept-encoding': 'br' })).status).toBe(299);
    await onRequest(context('/games/portal-2', { 'accept-encoding': 'br' }), render('never'));
    expect((await raw('/games/portal-2', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await raw('/games/portal-2', {}, 'POST')).status).toBe(299);
    expect((await raw('/dashboard')).status).toBe(299);
    expect((await raw('/games/%E0%A4%A')).status).toBe(299);
    store.lookup('/games/portal-2')!.page.storedAt -= 601_000;
    expect((await raw('/games/portal-2')).status).toBe(299);
    await onRequest(
      context('/games/half-life-2', { 'accept-encoding': 'br' }),
      render(pageOf('Half-Life 2'), gameTag('half-life-2')),
    );
    expect(brotliDecompressSync((await raw('/games/half-life-2', { 'accept-encoding': 'br' })).body).toString()).toBe(
      pageOf('Half-Life 2'),
    );
    await purge({ tags: [gameTag('half-life-2')] });
    expect((await raw('/games/half-life-2')).status).toBe(299);
    expect(astro).toHaveBeenCalledTimes(7);
  });
});
