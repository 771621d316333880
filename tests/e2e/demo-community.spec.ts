import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { fillLogin } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

// The demo community a fresh start loads (src/lib/seed/demo/community.server.ts): the
// community pages have something to show, its players are labelled as demo players, the
// Free demo account follows some of them, and its two private players show others nothing.
// Other journeys add their own players and lists, so this asserts on the community's own.

/** A Premium demo player (reviews are Premium) and the two private ones. */
const PREMIUM_PLAYER = 'demo_mara_quill';
const PRIVATE_PLAYERS = ['demo_kit_delacroix', 'demo_vesna_kral'];
/** One of the private players' public lists (community-words.ts). */
const PRIVATE_LIST = '/demo_vesna_kral/lists/backlog-shame';

const demoLinks = (page: Page) => page.locator('main a[href^="/demo_"]');

test('a fresh start shows demo players on the lists, the leaderboard, a profile and a game’s user reviews', async ({
  page,
}) => {
  await page.goto('/lists');
  await expect(page.getByRole('link', { name: 'All-time favourites' }).first()).toBeVisible();
  expect(await demoLinks(page).count()).toBeGreaterThan(5);

  // `period=all` is the board `/leaderboard` shows, under a cache key of its own: the
  // journeys that check their own players on `/leaderboard` never meet this visit's copy.
  await page.goto('/leaderboard?period=all');
  expect(await demoLinks(page).count()).toBeGreaterThan(10);

  await page.goto(`/${PREMIUM_PLAYER}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo player Mara Quill');
  await expect(page.getByText('An invented player of the embedded demo: nobody signs in as them.')).toBeVisible();
  const reviewed = page
    .getByRole('region', { name: 'Recent reviews' })
    .locator('[data-user-review] a[href^="/games/"]')
    .first();
  const game = (await reviewed.getAttribute('href'))!;

  await page.goto(`${game}/user-reviews`);
  await expect(page.locator('[data-user-review]').filter({ hasText: PREMIUM_PLAYER }).first()).toBeVisible();
});

test('the Free demo account follows demo players from the start', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'free@demo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/demo_free');
  await expect(page.locator('[data-follow-counts]')).toContainText('8 following');
});

test('the private demo players show others their name and nothing else', async ({ page, request }) => {
  const everywhere = await Promise.all(
    ['/lists', '/lists?sort=recent', '/leaderboard?period=all'].map(async (path) => (await request.get(path)).text()),
  );
  for (const [index, body] of everywhere.entries())
    for (const username of PRIVATE_PLAYERS) expect(body.includes(username), `${username} on page ${index}`).toBe(false);

  for (const username of PRIVATE_PLAYERS) {
    await page.goto(`/${username}`);
    await expect(page.getByText('This profile is private.')).toBeVisible();
    await expect(page.getByText('An invented player of the embedded demo')).toHaveCount(0);
    await expect(page.locator('[data-follow-counts]')).toHaveCount(0);
    expect((await request.get(`/${username}/lists`)).status()).toBe(404);
  }
  expect((await request.get(PRIVATE_LIST)).status()).toBe(404);
});
