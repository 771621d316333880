import { E2E_CRON_SECRET, baseURL } from '../../playwright.config.ts';
import { expect, test, watchCspViolations } from './fixtures.ts';

// The server around the pages: the route cache's keys, the security headers of every kind
// of answer, the origin in cached pages, and the cron route.

test('cache-busting query strings are served from the one cached copy', async ({ request }) => {
  const first = await request.get('/collections?cb=0');
  expect(first.status()).toBe(200);
  const body = await first.text();
  for (let n = 1; n <= 30; n += 1) {
    const response = await request.get(`/collections?cb=${n}&utm_source=e2e-${n}`);
    expect(response.headers()['x-astro-cache'], `?cb=${n}`).toBe('HIT');
    expect(await response.text()).toBe(body);
  }
  // Parameters the page reads are kept apart, in one canonical form.
  const paged = await request.get('/games?page=2&cb=1');
  expect(await (await request.get('/games?cb=2&page=%202')).text()).toBe(await paged.text());
  expect(await paged.text()).not.toBe(await (await request.get('/games')).text());
});

test('a forged Host never reaches a cached page, a feed or robots.txt', async ({ request }) => {
  const forgeries: Record<string, string>[] = [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }, { forwarded: 'host=evil.example' }];
  for (const headers of forgeries) {
    // The similar-games page of one game is asked for by this test alone: its first render is the forged one.
    for (const path of ['/games/ferro-rally-2/similar-games', '/robots.txt', '/rss.xml', '/sitemap.xml']) {
      const response = await request.get(path, { headers });
      expect(response.status(), path).toBe(200);
      const text = await response.text();
      expect(text, `${path} ${JSON.stringify(headers)}`).not.toContain('evil.example');
      expect(text).toContain(baseURL);
    }
  }
});

test('every answer carries the security headers; only the review widget may be framed', async ({ request }) => {
  const page = await request.get('/games/lanternfall');
  const asset = (/src="(\/_astro\/[^"]+\.js)"/.exec(await page.text()) ?? [])[1];
  expect(asset).toBeDefined();
  const answers = {
    page: page.headers(),
    api: (await request.get('/api/search?q=lantern')).headers(),
    refused: (await request.delete('/api/critic-reviews/1')).headers(),
    notFound: (await request.get('/no/such/page')).headers(),
    favicon: (await request.get('/favicon.svg')).headers(),
    asset: (await request.get(asset!)).headers(),
    widget: (await request.get('/outlet/components/ReviewSection?outlet=pixel-ledger')).headers(),
  };
  for (const [kind, headers] of Object.entries(answers)) {
    expect(headers['x-content-type-options'], kind).toBe('nosniff');
    expect(headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], kind).toContain('camera=()');
    // Served over http here: no HSTS (it switches on with an https SITE_URL).
    expect(headers['strict-transport-security'], kind).toBeUndefined();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, kind).toMatch(kind === 'widget' ? /frame-ancestors \*/ : /frame-ancestors 'none'/);
    expect(/script-src[^;]*'unsafe-inline'/.test(csp), kind).toBe(false);
  }
  expect(answers.page['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(answers.api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});

test('the Content Security Policy blocks an injected inline script, and the suite notices', async ({ browser }) => {
  // A page of its own: the shared fixture would (rightly) fail this test on the violation.
  const page = await browser.newPage({ baseURL });
  try {
    const violations = await watchCspViolations(page);
    await page.goto('/about');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "ran"';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toMatch(/script-src/);
    await expect(page.locator('body')).not.toHaveAttribute('data-injected', 'ran');
  } finally {
    await page.close();
  }
});

test('the cron route runs a job only for Vercel Cron\'s secret', async ({ request }) => {
  const job = '/api/cron/release-critic-embargoes';
  expect((await request.get(job)).status()).toBe(401);
  expect((await request.get(job, { headers: { authorization: 'Bearer not-the-secret-at-all' } })).status()).toBe(401);
  const authorization = `Bearer ${E2E_CRON_SECRET}`;
  expect((await request.get('/api/cron/no-such-job', { headers: { authorization } })).status()).toBe(404);
  const ran = await request.get(job, { headers: { authorization } });
  expect(ran.status()).toBe(200);
  expect(await ran.json()).toMatchObject({ job: 'release-critic-embargoes' });
  expect(ran.headers()['cache-control']).toContain('no-store');
});
