import { createConfirmedUser, fillLogin, newUser, waitForEmail } from './accounts-helpers.ts';
import { expect, RETURNING_VISITOR, test } from './fixtures.ts';

// The site's own pages and runtime: content pages, contact, the vote, error reports,
// analytics, icons, build updates and the service worker.

const CONTENT_PAGES = [
  ['/features', 'Features'],
  ['/user-features', 'Player features'],
  ['/future-features', 'Roadmap'],
  ['/changelog', 'Changelog'],
  ['/privacy-policy', 'Privacy policy'],
  ['/terms-of-service', 'Terms of service'],
] as const;

test('the footer links every content page and the contact form', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const [path] of CONTENT_PAGES) await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1);
  await expect(footer.locator('a[href="/contact"]')).toHaveCount(1);
});

for (const [path, heading] of CONTENT_PAGES) {
  test(`${path} shows its text with its date and is cached`, async ({ page, request }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    await request.get(path);
    expect((await request.get(path)).headers()['x-astro-cache']).toBe('HIT');
  });
}

test('the plan table says what the server allows each tier', async ({ page }) => {
  await page.goto('/user-features');
  const reviews = page.locator('[data-feature="userReviews"] td');
  await expect(reviews).toHaveText(['No', 'No', 'Yes']);
  await expect(page.locator('[data-feature="notifications"] td')).toHaveText(['24 hours', '72 hours', '168 hours']);
});

test('after leaving /changelog the page the visitor goes back to scrolls to the top', async ({ page }) => {
  await page.goto('/games');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Changelog' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible();
  // The page's script notes the visit when the visitor leaves; it runs once the page has loaded.
  await page.waitForLoadState('load');
  await page.goBack();
  await expect(page).toHaveURL(/\/games$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the contact form stores the message, emails it to the dev mailbox and confirms', async ({ page, request }) => {
  const sender = newUser();
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Contact Journey');
  await page.getByLabel('Email').fill(sender.email);
  await page.getByLabel('Topic').selectOption('feedback');
  await page.getByLabel('Message').fill('The release calendar is great. Could it show the platforms too?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you! Your message has been sent.');
  const mail = await waitForEmail(
    request,
    'contact@localhost',
    '[Critical Hit contact] Feedback and ideas from Contact Journey',
  );
  expect(mail).toBeTruthy();
});

test('the contact API refuses bad input with a clear message and a too long message', async ({ request, baseURL }) => {
  const missing = await request.post('/api/contact', {
    data: { name: 'A', email: 'not-an-email', topic: 'general', message: 'Hi' },
  });
  expect(missing.status()).toBe(400);
  expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
    'Please enter a valid email address.',
  );
  const long = await request.post('/api/contact', {
    data: { name: 'A', email: 'a@example.com', topic: 'general', message: 'x'.repeat(5001) },
  });
  expect(long.status()).toBe(400);
  expect(((await long.json()) as { error: { message: string } }).error.message).toBe(
    'Message must be at most 5000 characters.',
  );
  // The page's form without script: refused fields come back as a redirect to the form.
  const form = await request.post('/api/contact', {
    form: { name: 'A', email: 'nope', topic: 'general', message: 'Hi' },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(303);
  expect(form.headers().location).toBe('/contact?error=email');
});

test('a signed-in player votes, sees the results as bars, and changes the vote; the next voter sees it counted', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const user = await createConfirmedUser(request);
  await page.goto('/test-vote');
  await expect(page.getByRole('link', { name: 'Sign in to vote.' })).toBeVisible();
  await page.goto('/login?redirect=%2Ftest-vote');
  await fillLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/\/test-vote$/);
  await expect(page.locator('[data-vote-results]')).toBeHidden();
  await page.getByLabel('Import your library from Steam and other platforms').check();
  await page.getByRole('button', { name: 'Vote' }).click();
  await expect(page.getByText('Your vote has been saved.')).toBeVisible();
  const results = page.locator('[data-vote-results]');
  await expect(results).toBeVisible();
  await expect(results.locator('[data-vote-option="platform-import"] [data-vote-mine]')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Import your library from Steam and other platforms')).toBeChecked();
  await page.getByLabel('A personal year in review of what you played').check();
  await page.getByRole('button', { name: 'Change my vote' }).click();
  await expect(results.locator('[data-vote-option="year-in-review"] [data-vote-mine]')).toBeVisible();
  await expect(results.locator('[data-vote-option="platform-import"] [data-vote-mine]')).toBeHidden();

  // Another player votes the same way and finds the first vote among the results: one more.
  // (No other journey votes, so the counts move only here.)
  const before = await results.locator('[data-vote-option="year-in-review"] [data-vote-count]').textContent();
  const total = Number(await results.locator('[data-vote-total]').textContent());
  const count = Number(/^(\d+)/.exec(before ?? '')?.[1]);
  expect(count).toBeGreaterThan(0);
  const next = await createConfirmedUser(request);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login?redirect=%2Ftest-vote');
  await fillLogin(other, next.username, next.password);
  await expect(other).toHaveURL(/\/test-vote$/);
  await other.getByLabel('A personal year in review of what you played').check();
  await other.getByRole('button', { name: 'Vote' }).click();
  const seen = other.locator('[data-vote-results]');
  await expect(seen.locator('[data-vote-option="year-in-review"] [data-vote-mine]')).toBeVisible();
  await expect(seen.locator('[data-vote-option="year-in-review"] [data-vote-count]')).toHaveText(
    new RegExp(`^${count + 1} `),
  );
  await expect(seen.locator('[data-vote-total]')).toHaveText(String(total + 1));
  await context.close();
});

test('the vote API refuses anonymous voters and unknown options', async ({ request }) => {
  const anonymous = await request.post('/api/vote', { data: { option: 'mobile-app' } });
  expect(anonymous.status()).toBe(401);
});

test('the example page reports a client error and a server error', async ({ page }) => {
  await page.goto('/sentry-example-page');
  const clientReport = page.waitForRequest(
    (request) => request.url().endsWith('/api/errors') && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Throw a client error' }).click();
  const report = JSON.parse((await clientReport).postData() ?? '{}') as { message: string; route: string };
  expect(report.message).toContain('a client error thrown on purpose');
  expect(report.route).toBe('/sentry-example-page');
  await page.getByRole('button', { name: 'Call an API route that fails' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'answered 500' })).toBeVisible();
});

test("a visitor's page view is sent to /api/event without cookies; the endpoint checks its payloads", async ({
  browser,
  baseURL,
  request,
}) => {
  const context = await browser.newContext({
    baseURL,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  });
  const page = await context.newPage();
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/event'));
  await page.goto('/faq');
  const event = await sent;
  expect(JSON.parse(event.postData() ?? '{}')).toMatchObject({
    n: 'pageview',
    u: `${baseURL}/faq`,
    d: new URL(baseURL!).host,
  });
  expect((await event.response())?.status()).toBe(202);
  expect(await context.cookies()).toEqual([]);
  await context.close();

  const valid = { n: 'pageview', u: `${baseURL}/games`, d: new URL(baseURL!).host, r: null, w: 1280 };
  expect((await request.post('/api/event', { data: valid })).status()).toBe(202);
  expect((await request.post('/api/event', { data: { ...valid, w: 'wide' } })).status()).toBe(400);
  expect(
    (
      await request.post('/api/event', {
        data: '<script>alert(1)</script>',
        headers: { 'content-type': 'application/json' },
      })
    ).status(),
  ).toBe(400);
  expect((await request.post('/api/event', { data: { ...valid, p: { a: { nested: true } } } })).status()).toBe(400);
});

test('icons come from the site in the Iconify format, cached immutably', async ({ request }) => {
  const response = await request.get('/api/icons/lucide.json?icons=house,star');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('immutable');
  expect(Object.keys(((await response.json()) as { icons: object }).icons).sort()).toEqual(['house', 'star']);
});

test("an island's icons load in one request from the site; when that fails, the icon is left out and the button still reads right", async ({
  page,
}) => {
  const iconRequest = page.waitForRequest((request) => request.url().includes('/api/icons/lucide.json?icons='));
  await page.goto('/demo_free');
  const follow = page.getByRole('button', { name: 'Follow demo_free' });
  await expect(follow.locator('svg[data-icon="lucide:plus"] path').first()).toBeAttached();
  expect(new URL((await iconRequest).url()).searchParams.get('icons')).toContain('plus');

  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  await page.route('**/api/icons/**', (route) => route.fulfill({ status: 503, body: '' }));
  await page.reload();
  await expect(follow).toHaveText('Follow');
  await expect.poll(() => warnings.some((line) => line.startsWith('Failed to load custom icons'))).toBe(true);
  await expect(follow.locator('svg')).toHaveCount(0);
});

test('a new build id raises the update notice, whose button reloads the page', async ({ page, baseURL }) => {
  await page.route('**/builds/latest.json*', (route) =>
    route.fulfill({ json: { id: 'fake-new-build', timestamp: Date.now() } }),
  );
  await page.route('**/builds/meta/fake-new-build.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/about');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByRole('status').filter({ hasText: 'A new version of the site is available' });
  await expect(notice).toBeVisible();
  const reload = page.waitForEvent('load');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await reload;
  expect(page.url()).toBe(`${baseURL}/about`);
});

test.describe('with the service worker, as a returning visitor has it', () => {
  test.use(RETURNING_VISITOR);

  test('the service worker serves visited pages and the offline page with the network cut', async ({
    page,
    context,
  }) => {
    test.slow();
    await page.goto('/faq');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Once the worker controls the page, a visit goes through it and is kept.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto('/faq');
    await context.setOffline(true);
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
  });
});

test('the site records are for administrators only: to everyone else the page does not exist', async ({
  page,
  request,
}) => {
  const anonymous = await request.get('/admin/site', { maxRedirects: 0 });
  expect(anonymous.status()).toBe(404);
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await fillLogin(page, user.username, user.password);
  await page.waitForURL(/\/dashboard/);
  const stranger = await page.goto('/admin/site');
  expect(stranger?.status()).toBe(404);
  await expect(page.getByText('This page is for administrators.')).toHaveCount(0);
});
