import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveRouteCacheHits } from './route-cache-hits.server.ts';
import routeCacheProvider, { purgeRouteCache, routeCache } from './route-cache.server.ts';

// The node server's early answer must be the Astro provider's answer, header for header,
// whatever it keeps between requests to be as cheap as a static file.

const provider = routeCacheProvider({ maxEntries: 100, maxBytes: 10_000_000 });
const onRequest = provider.onRequest!.bind(provider);
const logger = { info() {}, warn() {}, error() {} };
const context = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
  const url = new URL(`http://localhost:4321${path}`);
  return { request: new Request(url, { headers, method }), url, logger };
};
const pageOf = (text: string) => `<!doctype html><main>${`<p>${text}</p>`.repeat(300)}</main>`;
const render = (body: string) => async () =>
  new Response(body, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "script-src 'self'; style-src 'self' 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
      'CDN-Cache-Control': 'max-age=600',
      'Cache-Tag': 'games,game:portal-2',
    },
  });

/** Stores a page and has its brotli and gzip copies made, as the first browser hits would. */
async function storeEncoded(path: string, body: string): Promise<void> {
  await onRequest(context(path), render(body));
  for (const accept of ['br', 'gzip']) await onRequest(context(path, { 'accept-encoding': accept }), render('never rendered'));
}

const astro = vi.fn((_req: IncomingMessage, res: ServerResponse) => {
  res.statusCode = 299;
  res.end('astro');
});
// As scripts/start.ts does: the common security headers are on the answer before the hit is.
const server = http.createServer((req, res) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  serveRouteCacheHits(astro)(req, res);
});
let origin = '';

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A request with exactly these headers, the bytes as they travelled (no decoding). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const own = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
        resolve({ status: res.statusCode!, headers: own as Record<string, string>, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function viaProvider(path: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  const response = await onRequest(context(path, headers, method), render('never rendered'));
  return {
    status: response.status,
    // What the node server adds on every answer stays (the provider's answer has the page's own).
    headers: { 'x-content-type-options': 'nosniff', ...Object.fromEntries(response.headers) },
    body: method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  routeCache().purge({ all: true });
  astro.mockClear();
});

describe('serveRouteCacheHits', () => {
  it('answers every request exactly as the Astro provider would, however often it is asked', async () => {
    await storeEncoded('/games/portal-2', pageOf('Portal 2'));
    const tags = await viaProvider('/games/portal-2', { 'accept-encoding': 'br' });
    const brTag = tags.headers.etag!;
    const requests: Record<string, string>[] = [
      { 'accept-encoding': 'br, gzip' },
      { 'accept-encoding': 'gzip, deflate, br, zstd' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'br;q=0, gzip' },
      { 'accept-encoding': 'identity' },
      {},
      { 'accept-encoding': 'br', 'if-none-match': brTag },
      { 'accept-encoding': 'gzip', 'if-none-match': brTag },
      { 'accept-encoding': 'br', 'if-none-match': `"other", ${brTag}` },
      { 'accept-encoding': 'br', 'if-none-match': '"other"' },
    ];
    // Twice over: the second round is answered from what the first one kept.
    for (const round of [1, 2]) {
      for (const headers of requests) {
        for (const method of ['GET', 'HEAD']) {
          const early = await raw('/games/portal-2', headers, method);
          expect({ round, method, ...early }).toEqual({ round, method, ...(await viaProvider('/games/portal-2', headers, method)) });
        }
      }
    }
    expect(astro).not.toHaveBeenCalled();
    const revalidated = await raw('/games/portal-2', { 'accept-encoding': 'br', 'if-none-match': brTag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['content-length']).toBeUndefined();
  });

  it('sends the bytes of the variant it names', async () => {
    const page = pageOf('Half-Life 2');
    await storeEncoded('/games/half-life-2', page);
    const br = await raw('/games/half-life-2', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gzip = await raw('/games/half-life-2', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    const plain = await raw('/games/half-life-2');
    expect(plain.body.toString()).toBe(page);
  });

  it('has a quick copy made again well when it answers a hit, and then sends the kept bytes', async () => {
    const page = pageOf('Celeste');
    await onRequest(context('/games/celeste', { 'accept-encoding': 'br' }), render(page)); // the miss: a quick copy
    const first = await raw('/games/celeste', { 'accept-encoding': 'br' });
    expect(first.headers.etag).toMatch(/^W\//);
    await vi.waitFor(() => expect(routeCache().lookup('/games/celeste')!.page.quick).toEqual([]));
    const later = await raw('/games/celeste', { 'accept-encoding': 'br' });
    expect(later.headers.etag).toBe(first.headers.etag!.slice(2));
    expect(brotliDecompressSync(later.body).toString()).toBe(page);
    expect(astro).not.toHaveBeenCalled();
  });

  it('looks the page up on every request: a purge sends the next one to Astro, and a page stored again is answered anew', async () => {
    await storeEncoded('/games/portal-2', pageOf('before'));
    const before = await raw('/games/portal-2?utm_source=mail', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(before.body).toString()).toBe(pageOf('before'));

    purgeRouteCache({ tags: ['game:portal-2'] });
    expect((await raw('/games/portal-2?utm_source=mail', { 'accept-encoding': 'br' })).body.toString()).toBe('astro');
    expect(astro).toHaveBeenCalledTimes(1);

    await storeEncoded('/games/portal-2', pageOf('after'));
    const after = await raw('/games/portal-2?utm_source=mail', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(after.body).toString()).toBe(pageOf('after'));
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The old tag no longer validates anything.
    expect((await raw('/games/portal-2', { 'accept-encoding': 'br', 'if-none-match': before.headers.etag! })).status).toBe(200);
  });

  it('hands Astro what it must answer itself: other methods, uncached routes, unreadable targets, stale pages', async () => {
    await onRequest(context('/games/portal-2'), render(pageOf('Portal 2')));
    expect((await raw('/games/portal-2', {}, 'POST')).status).toBe(299);
    expect((await raw('/dashboard')).status).toBe(299);
    expect((await raw('/games/%E0%A4%A')).status).toBe(299);
    expect((await raw(`/games/portal-2?${'x'.repeat(2000)}=1`)).status).toBe(200);
    routeCache().lookup('/games/portal-2')!.page.storedAt -= 601_000;
    expect((await raw('/games/portal-2')).status).toBe(299);
    expect(astro).toHaveBeenCalledTimes(4);
  });
});
