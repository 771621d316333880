import http, { type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { baseURL } from '../../playwright.config.ts';
import { expect, REACT_CHUNK, test } from './fixtures.ts';

// Catalogue pages are server-rendered: no framework runtime, only the small shared chrome
// scripts (colour mode, loading bar, toasts, header search). Budget: a signed-out
// visitor's game page ships at most 30 KB of compressed JavaScript.
const BUDGET = 30 * 1024;

for (const path of ['/', '/games', '/games/grand-theft-auto-v', '/reviews', '/about']) {
  test(`${path} ships no island and at most 30 KB of compressed JavaScript`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(path);
    await expect(page.locator('astro-island')).toHaveCount(0);
    let compressed = 0;
    for (const url of scripts) compressed += brotliCompressSync(await (await page.request.get(url)).body()).length;
    expect(
      scripts.every((url) => !REACT_CHUNK.test(url)),
      scripts.join(', '),
    ).toBe(true);
    expect(compressed).toBeLessThanOrEqual(BUDGET);
  });
}

// Every uncached page is rendered, compressed and kept in the route cache at its full size,
// so markup a page repeats (navigation links, score badges, cards) carries a class of its
// own from src/styles/global.css, not the same long list of utilities each time.
test('pages do not repeat long lists of utility classes', async ({ request }) => {
  for (const path of [
    '/',
    '/games',
    '/games?page=2',
    '/games/grand-theft-auto-v',
    '/games/half-life-2/user-reviews',
    '/reviews',
    '/calendar',
    '/lists',
    '/leaderboard',
  ]) {
    const html = await (await request.get(path)).text();
    const counts = new Map<string, number>();
    for (const [, value] of html.matchAll(/ class="([^"]{60,})"/g)) counts.set(value!, (counts.get(value!) ?? 0) + 1);
    const repeated = [...counts].filter(([, count]) => count > 3).map(([value, count]) => `${count}x ${value}`);
    expect(repeated, path).toEqual([]);
  }
});

/** The bytes as they travel (Playwright's own client would decode them). */
function raw(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(new URL(path, baseURL), { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

test('pages and scripts travel compressed, decode to the plain bytes, and revalidate per encoding', async ({
  request,
}) => {
  const page = await request.get('/games/half-life-2');
  const html = await page.text();
  const script = (/src="(\/_astro\/[^"]+\.js)"/.exec(html) ?? [])[1];
  const stylesheet = (/href="(\/_astro\/[^"]+\.css)"/.exec(html) ?? [])[1];
  expect(script).toBeDefined();
  expect(stylesheet).toBeDefined();
  // The page's brotli copy is made the first time a brotli client asks for it (that client
  // waits for it); every later hit carries those bytes.
  expect((await raw('/games/half-life-2', { 'accept-encoding': 'br' })).headers.etag).toMatch(/^"[^"]+-br"$/);
  // The page from the route cache (a HIT), the assets as the build precompressed them.
  for (const path of ['/games/half-life-2', script!, stylesheet!]) {
    const plain = await raw(path);
    expect(plain.headers['content-encoding'], path).toBeUndefined();
    const br = await raw(path, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding'], path).toBe('br');
    expect(br.headers.vary, path).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length']), path).toBe(br.body.length);
    expect(br.body.length, path).toBeLessThan(plain.body.length);
    expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true);
    const gzip = await raw(path, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding'], path).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body), path).toBe(true);
    expect(gzip.headers['cache-control'], path).toBe(plain.headers['cache-control']);

    const head = await raw(path, { 'accept-encoding': 'br' }, 'HEAD');
    for (const name of ['content-encoding', 'content-length', 'etag', 'content-type'])
      expect(head.headers[name], `${path} ${name}`).toBe(br.headers[name]);

    // Each encoding has its own validator: the brotli one revalidates brotli, not gzip.
    expect(br.headers.etag, path).toBeDefined();
    expect(br.headers.etag, path).not.toBe(gzip.headers.etag);
    expect((await raw(path, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! })).status, path).toBe(304);
    expect((await raw(path, { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! })).status, path).toBe(200);
  }
});

test('catalogue pages are served from the route cache on repeat visits', async ({ request }) => {
  const first = await request.get('/games/half-life-2');
  expect(first.status()).toBe(200);
  const second = await request.get('/games/half-life-2');
  expect(second.headers()['x-astro-cache']).toBe('HIT');
  expect(await second.text()).toBe(await first.text());
});

test('a visitor with cookies gets the same cached page, and no cached page sets a cookie', async ({
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const withCookies = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: 'sb-access-token=someone-signed-in; theme=dark' },
  });
  try {
    for (const path of ['/reviews', '/outlets', '/games/portal-2', '/collections']) {
      const first = await anonymous.get(path);
      const cookied = await withCookies.get(path);
      expect(cookied.headers()['x-astro-cache'], path).toBe('HIT');
      expect(await cookied.text(), path).toBe(await first.text());
      expect(first.headers()['set-cookie'], path).toBeUndefined();
      expect(cookied.headers()['set-cookie'], path).toBeUndefined();
    }
  } finally {
    await anonymous.dispose();
    await withCookies.dispose();
  }
});

test('the review write API is never cached and asks for a session', async ({ request }) => {
  const response = await request.post('/api/critic-reviews', {
    data: { game: 'portal-2', outlet: 'pixel-ledger', rawScore: '90' },
  });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({
    error: { code: 'not_authenticated', message: 'Sign in to publish critic reviews.' },
  });
  expect(response.headers()['x-astro-cache']).toBeUndefined();
});
