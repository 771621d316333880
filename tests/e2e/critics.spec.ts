import { EMBARGO_MARKER } from '../../src/lib/seed/demo/critics.ts';
import { E2E_CRON_SECRET } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

test('a game page shows its critic score, and the reviews page lets anyone recompute it', async ({ page }) => {
  test.slow(); // two long pages, each audited with axe in light and dark
  await page.goto('/games/lanternfall');
  await expect(page).toHaveTitle('Lanternfall | Critical Hit');
  const critics = page.getByRole('region', { name: 'What critics say' });
  const badge = critics.locator('[data-score]').first();
  const shown = Number(await badge.getAttribute('data-score'));
  expect(shown).toBeGreaterThan(0);
  await expect(critics.locator('[data-recommend]')).toContainText('critics recommend');
  await expect(critics.getByRole('region', { name: 'Score distribution' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Latest critic reviews' }).getByText('Demo outlet').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Similar games' })).toBeVisible();

  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as unknown;
  expect(jsonLd).toMatchObject({
    '@type': 'VideoGame',
    name: 'Lanternfall',
    aggregateRating: { ratingValue: shown, bestRating: 100 },
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/games\/lanternfall$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Lanternfall');

  await critics.getByRole('link', { name: 'Every review with its raw and normalised score' }).click();
  await expect(page).toHaveURL(/\/games\/lanternfall\/reviews$/);
  // Recompute by hand from the listed reviews: mean of the normalised scores, rounded half up.
  const lines = await page.locator('[data-score-line]').allTextContents();
  const normalised = lines
    .map((line) => /→ (\d+)\/100/.exec(line)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number);
  expect(normalised.length).toBeGreaterThanOrEqual(4);
  const sum = normalised.reduce((a, b) => a + b, 0);
  await expect(page.locator('[data-score-sum]')).toHaveText(String(sum));
  await expect(page.locator('[data-scored-count]')).toHaveText(String(normalised.length));
  expect(Math.round(sum / normalised.length)).toBe(shown);
  const recommends = lines.filter((line) => /· recommends|\(recommends it\)/.test(line)).length;
  await expect(page.locator('[data-recommend-line]')).toContainText(`${recommends} of ${lines.length} reviews`);

  await page.getByLabel('Sort', { exact: true }).selectOption('score-asc');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/sort=score-asc/);
  const ascending = await page.locator('main [data-score]:not([data-score="tbd"])').evaluateAll((els) =>
    els
      .slice(1)
      .map((el) => el.getAttribute('data-score'))
      .filter((v) => v !== '–' && v !== null)
      .map(Number),
  );
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
});

test('a game under four scored reviews says TBD with the count; an upcoming game has previews only', async ({
  page,
}) => {
  await page.goto('/games/tin-soldiers-tactics');
  const critics = page.getByRole('region', { name: 'What critics say' });
  await expect(critics.locator('[data-critic-score-label]')).toContainText('TBD:');
  await expect(critics.locator('[data-critic-score-label]')).toContainText('of 4 scored reviews');

  await page.goto('/games/hollow-bells');
  await expect(page.getByText('Invented demo game: not a real release.')).toBeVisible();
  await expect(page.locator('[data-critic-empty]')).toContainText('No critic reviews published yet.');
  await page.getByRole('link', { name: /^Previews \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/games\/hollow-bells\/previews$/);
  await expect(page.getByRole('main').getByText('Preview: first impressions').first()).toBeVisible();
});

test('an embargoed review is nowhere to be seen before its time', async ({ page, request }) => {
  test.slow(); // about fifty pages and feeds are fetched
  await page.goto('/games/starfall-cartographers');
  await expect(page.locator('[data-critic-empty]')).toContainText('No critic reviews published yet.');
  await expect(page.getByText(EMBARGO_MARKER)).toHaveCount(0);

  // The release job, run now (as Vercel Cron would), lets nothing out before its time.
  const job = await request.get('/api/cron/release-critic-embargoes', {
    headers: { authorization: `Bearer ${E2E_CRON_SECRET}` },
  });
  expect(job.status()).toBe(200);
  const outcome = (await job.json()) as { status: string; result?: { released: number } };
  if (outcome.status === 'ran') expect(outcome.result).toEqual({ released: 0 });

  const outlets = await (await request.get('/outlets')).text();
  const outletPaths = [...outlets.matchAll(/href="(\/outlet\/[a-z0-9-]+)"/g)].map((match) => match[1]!);
  expect(outletPaths.length).toBeGreaterThanOrEqual(20);
  const paths = [
    '/',
    '/reviews',
    '/rss.xml',
    '/calendar.ics',
    '/sitemap.xml',
    '/games/starfall-cartographers/reviews',
    '/games/midnight-courier',
    '/games/midnight-courier/reviews',
    '/games/hollow-bells/reviews',
    '/api/search?q=starfall',
    ...outletPaths,
    ...outletPaths.map((path) => `/outlet/components/ReviewSection?outlet=${path.split('/').pop()}`),
    '/outlet/components/ReviewSection',
  ];
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).not.toContain(EMBARGO_MARKER);
  }
});

test('an outlet page shows its demo label, reviews, critics and score distribution; author URLs are canonical', async ({
  page,
}) => {
  test.slow(); // three long pages, each audited with axe in light and dark
  await page.goto('/outlets');
  await expect(page).toHaveTitle('Outlets | Critical Hit');
  const row = page.getByRole('row', { name: /Pixel Ledger/ });
  await expect(row.getByText('Demo outlet')).toBeVisible();
  await row.getByRole('link', { name: 'Pixel Ledger', exact: true }).click();
  await expect(page).toHaveURL(/\/outlet\/pixel-ledger$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pixel Ledger');
  await expect(page.getByText('invented for the demo data')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Scores given' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reviews' }).locator('[data-review-id]').first()).toBeVisible();

  const critic = page.getByRole('region', { name: 'Critics' }).getByRole('link').first();
  const name = (await critic.textContent())!.trim();
  await critic.click();
  await expect(page).toHaveURL(/\/authors\/\d+\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('Demo critic')).toBeVisible();

  const canonical = new URL(page.url()).pathname;
  const id = canonical.split('/')[2];
  const response = await page.request.get(`/authors/${id}/wrong-name?page=1`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(`${canonical}?page=1`);
  const bare = await page.request.get(`/authors/${id}`, { maxRedirects: 0 });
  expect(bare.status()).toBe(301);
  expect(bare.headers().location).toBe(canonical);
});

test('the review widget without an outlet shows the latest reviews across outlets; with one, that outlet’s', async ({
  page,
  request,
}) => {
  test.slow(); // two pages, each audited with axe in light and dark
  await page.goto('/outlet/components/ReviewSection');
  await expect(page).toHaveTitle('Latest reviews | Critical Hit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest reviews from every outlet on Critical Hit');
  const rows = page.getByRole('listitem');
  await expect(rows).toHaveCount(10);
  // Each row names its game and its outlet, and the outlets differ.
  const outlets = new Set<string>();
  for (const row of await rows.all()) {
    await expect(row.locator('a[href^="/games/"]')).toHaveCount(1);
    outlets.add((await row.locator('a[href^="/outlet/"]').getAttribute('href'))!);
  }
  expect(outlets.size).toBeGreaterThan(1);

  await page.goto('/outlet/components/ReviewSection?outlet=pixel-ledger');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Latest reviews by Pixel Ledger');
  await expect(page.getByRole('listitem').locator('a[href^="/outlet/"]')).toHaveCount(0);
  expect((await request.get('/outlet/components/ReviewSection?outlet=no-such-outlet')).status()).toBe(404);
  expect((await request.get('/outlet/components/ReviewSection?outlet=Not%20a%20slug!')).status()).toBe(404);
});

test('the calendar moves between months and offers the same releases as .ics', async ({ page, request }) => {
  test.slow(); // five calendar pages, each audited with axe in light and dark
  const soon = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 7);
  await page.goto(`/calendar?month=${soon}`);
  await expect(page).toHaveTitle(/^Release calendar: \w+ \d{4} \| Critical Hit$/);
  const releases = page.getByRole('list', { name: /^Releases in / });
  await expect(releases.getByRole('link', { name: 'Starfall Cartographers' })).toBeVisible();

  const heading = await page.getByRole('navigation', { name: 'Months' }).getByRole('heading').textContent();
  await page.getByRole('link', { name: /→$/ }).click();
  await expect(page.getByRole('navigation', { name: 'Months' }).getByRole('heading')).not.toHaveText(heading!);
  await page.getByRole('link', { name: /^←/ }).click();
  await expect(page.getByRole('navigation', { name: 'Months' }).getByRole('heading')).toHaveText(heading!);

  const ics = await request.get(`/calendar.ics?month=${soon}`);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const body = await ics.text();
  expect(body).toContain('BEGIN:VCALENDAR');
  expect(body).toContain('SUMMARY:Starfall Cartographers');

  await page.goto('/calendar?month=1970-01');
  await expect(page.getByText('No releases in the catalogue for January 1970.')).toBeVisible();
  await page
    .getByRole('link', { name: /^\w+ \d+, \d{4}$/ })
    .first()
    .click();
  await expect(page.getByRole('list', { name: /^Releases in / })).toBeVisible();
});

test('collections list ordered games; feeds and sitemaps are served', async ({ page, request }) => {
  await page.goto('/collections');
  await page.getByRole('link', { name: 'Critics’ favourites' }).click();
  await expect(page).toHaveTitle('Critics’ favourites | Critical Hit');
  await expect(page.getByText('#1', { exact: true })).toBeVisible();

  const rss = await request.get('/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  expect(await rss.text()).toContain('<rss version="2.0"');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<urlset');
  expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/games\/grand-theft-auto-v<\/loc>/);
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
  await page.goto('/faq');
  await expect(page.locator('[data-formula]')).toContainText(
    'critic score = round(sum of normalised scores ÷ number of scored reviews)',
  );
});
