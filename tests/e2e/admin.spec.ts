import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, fillLogin } from './accounts-helpers.ts';
import { expect, RETURNING_VISITOR, test } from './fixtures.ts';

// Reloads or comes back to pages after writes: with the service worker, as a returning visitor.
test.use(RETURNING_VISITOR);

// Administration: the admin area is invisible (404) to everyone but administrators; users
// request games, administrators approve them and merge duplicates.
test.slow();

const ADMIN_PAGES = [
  '/admin/games',
  '/admin/igdb',
  '/admin/database-admin',
  '/games/request/approve?id=1',
  '/games/request/reject?id=1',
  '/games/request/duplicate?id=1',
];
// Pages the spec puts behind sign-in: signed-out visitors go to /login first, then non-admins get the 404.
// (The /games/request/similar lookups are every member's: game-requests.spec.ts.)
const SIGN_IN_FIRST = ['/admin/missing-reviews'];

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await fillLogin(page, identifier, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function adminPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
  return page;
}

test('admin pages and API answer 404 to anonymous visitors and to a signed-in non-admin', async ({ page }) => {
  for (const path of ADMIN_PAGES) expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  for (const path of SIGN_IN_FIRST) {
    const login = await page.request.get(path, { maxRedirects: 0 });
    expect(login.status(), path).toBe(302);
    expect(login.headers().location).toBe(`/login?redirect=${encodeURIComponent(path)}`);
  }
  const api = await page.request.post('/api/admin/games', { data: { title: 'Sneaky' } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: { code: 'not_found', message: 'Not Found' } });

  const user = await createConfirmedUser(page.request);
  await signIn(page, user.email, user.password);
  for (const path of [...ADMIN_PAGES, ...SIGN_IN_FIRST])
    expect((await page.request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  expect((await page.request.post('/api/admin/maintenance', { data: { action: 'vacuum' } })).status()).toBe(404);
  const refused = await page.goto('/admin/games');
  expect(refused?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /admin/games')).toBeVisible();
  // No trace of the admin area for a normal user.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Database' })).toHaveCount(0);
});

test('a user who requests a game that exists is shown it', async ({ page }) => {
  const user = await createConfirmedUser(page.request);
  await signIn(page, user.email, user.password);
  await page.goto('/games/request/new');
  await page.getByLabel('Title').fill('Portal II');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('heading', { name: 'Is it one of these?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Portal 2', exact: true })).toHaveAttribute('href', '/games/portal-2');
  await expect(page.getByRole('button', { name: 'None of these: send my request' })).toBeVisible();
});

test('a user requests a new game, an administrator approves it, and its page exists', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Quasar Gardens ${Date.now().toString(36)}`;
  const user = await createConfirmedUser(page.request);
  await signIn(page, user.email, user.password);
  await page.goto('/games/request/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Platforms').fill('PC');
  await page.getByLabel('Developer').fill('Nebula Tools');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(/\/games\/request$/);
  const mine = page.getByRole('region', { name: 'Your requests' });
  await expect(mine.getByText(title)).toBeVisible();
  await expect(mine.getByText('Pending')).toBeVisible();

  const admin = await adminPage(browser, baseURL);
  await admin.goto('/games/request/similar');
  // The queue links each request's own page and the page of each action.
  await admin
    .getByRole('region', { name: 'All pending requests' })
    .getByRole('link', { name: new RegExp(`^Approve #\\d+ ${title}$`) })
    .click();
  await expect(admin).toHaveURL(/\/games\/request\/approve\?id=\d+$/);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(/^Approve request #\d+$/);
  await admin.getByRole('button', { name: 'Approve and create the game' }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(title);
  await admin.context().close();

  await page.reload();
  await expect(mine.getByText('Approved')).toBeVisible();
  await mine.getByRole('link', { name: 'Open the game page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('an administrator merges two duplicates and the old address redirects', async ({ page }) => {
  const suffix = Date.now().toString(36);
  await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
  for (const slug of [`merge-keep-${suffix}`, `merge-dup-${suffix}`]) {
    const created = await page.request.post('/api/admin/games', { data: { title: `Merge ${slug}`, slug } });
    expect(created.status()).toBe(201);
  }
  await page.goto('/admin/games');
  await page.getByLabel('Keep (slug)').fill(`merge-keep-${suffix}`);
  await page.getByLabel('Merge into it and remove (slug)').fill(`merge-dup-${suffix}`);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');

  const old = await page.request.get(`/games/merge-dup-${suffix}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/games/merge-keep-${suffix}`);
  await page.goto('/admin/database-admin');
  await expect(page.getByRole('region', { name: 'Audit log' }).getByText('game.merge').first()).toBeVisible();
});

test('a player reports a review, an administrator hides it, and only its author still sees it, with the reason', async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const title = `Moderated ${suffix}`;
  const reason = `Insults other players (${suffix}).`;
  const admin = await adminPage(browser, baseURL);
  const created = await admin.request.post('/api/admin/games', {
    data: { title: `Hide Test ${suffix}`, slug: `hide-test-${suffix}`, releaseDate: '2024-01-10' },
  });
  expect(created.status()).toBe(201);
  const { game } = (await created.json()) as { game: { id: number; slug: string } };

  // The author (Premium) publishes a review of the game.
  const authorContext = await browser.newContext({ baseURL });
  const author = await authorContext.newPage();
  await signIn(author, 'premium@demo.test', DEMO_PASSWORD);
  const published = await author.request.post('/api/user-reviews', {
    data: { gameId: game.id, rating: 2, title, body: 'Words a moderator will not like.' },
  });
  expect(published.status()).toBe(201);

  // A player reports it from the game page.
  const player = await createConfirmedUser(page.request);
  await signIn(page, player.email, player.password);
  await page.goto(`/games/${game.slug}/user-reviews`);
  const review = page.locator('[data-user-review]').filter({ hasText: title });
  await review.getByRole('button', { name: 'Report' }).click();
  const report = review.getByRole('form', { name: 'Report this review' });
  await report.getByLabel('Reason').selectOption('offensive');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(review.getByText('Reported', { exact: true })).toBeVisible();

  // The administrator hides it from the queue, with a reason.
  await admin.goto('/admin/moderation');
  const item = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: `Reported review of Hide Test ${suffix} by demo_premium` }) });
  await item.getByLabel(/^Reason/).fill(reason);
  await item.getByLabel('Hide', { exact: true }).check();
  await item.getByRole('button', { name: 'Apply' }).click();
  await expect(
    admin
      .getByRole('region', { name: /Hidden content/ })
      .getByRole('heading', { name: `Hidden review of Hide Test ${suffix} by demo_premium` }),
  ).toBeVisible();
  await expect(admin.getByRole('region', { name: /Waiting/ }).getByText(`Hide Test ${suffix}`)).toHaveCount(0);
  await admin.context().close();

  // Gone from the game's pages for everyone else...
  await page.goto(`/games/${game.slug}/user-reviews`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await page.goto(`/games/${game.slug}`);
  await expect(page.getByText(title)).toHaveCount(0);

  // ...while its author sees it on their dashboard with the reason.
  await author.goto('/dashboard/my-reviews');
  const notice = author.getByRole('region', { name: 'Hidden by a moderator' });
  await expect(notice).toContainText(`your review of Hide Test ${suffix}: ${title}`);
  await expect(notice).toContainText(`Reason: ${reason}`);
  await authorContext.close();
});
