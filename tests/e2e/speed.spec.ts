import { brotliCompressSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

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
    expect(scripts.every((url) => !/react|client\./i.test(url)), scripts.join(', ')).toBe(true);
    expect(compressed).toBeLessThanOrEqual(BUDGET);
  });
}

test('the server compresses pages and scripts', async ({ request }) => {
  const response = await request.get('/games/half-life-2', { headers: { 'accept-encoding': 'br' } });
  expect(response.headers()['content-encoding']).toBe('br');
});

test('catalogue pages are served from the route cache on repeat visits', async ({ request }) => {
  const first = await request.get('/games/half-life-2');
  expect(first.status()).toBe(200);
  const second = await request.get('/games/half-life-2');
  expect(second.headers()['x-astro-cache']).toBe('HIT');
  expect(await second.text()).toBe(await first.text());
});

test('a visitor with cookies gets the same cached page, and no cached page sets a cookie', async ({ playwright, baseURL }) => {
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
  const response = await request.post('/api/critic-reviews', { data: { game: 'portal-2', outlet: 'pixel-ledger', rawScore: '90' } });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: { code: 'not_authenticated', message: 'Sign in to publish critic reviews.' } });
  expect(response.headers()['x-astro-cache']).toBeUndefined();
});
