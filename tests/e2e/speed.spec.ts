import { expect, test } from './fixtures.ts';

// Catalogue pages are server-rendered: no framework runtime, only the small shared chrome
// script (colour mode, loading bar, toasts). Any island added later shows up here.
for (const path of ['/', '/games', '/games/grand-theft-auto-v', '/about']) {
  test(`${path} ships no island and under 12 KB of JavaScript`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(path);
    await expect(page.locator('astro-island')).toHaveCount(0);
    let bytes = 0;
    for (const url of scripts) bytes += (await (await page.request.get(url)).body()).length;
    expect(scripts.every((url) => !/react|client\./i.test(url)), scripts.join(', ')).toBe(true);
    expect(bytes).toBeLessThan(12 * 1024);
  });
}

test('catalogue pages are served from the route cache on repeat visits', async ({ request }) => {
  const first = await request.get('/games/half-life-2');
  expect(first.status()).toBe(200);
  const second = await request.get('/games/half-life-2');
  expect(second.headers()['x-astro-cache']).toBe('HIT');
  expect(await second.text()).toBe(await first.text());
});
