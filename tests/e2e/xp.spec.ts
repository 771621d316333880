import { createConfirmedUser, fillLogin } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

test.slow();

test('a new player earns XP for confirming, visiting and following, sees it on earn-xp and on the leaderboard', async ({
  page,
  request,
}) => {
  const player = await createConfirmedUser(request);
  await page.goto('/login');
  await fillLogin(page, player.email, player.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The header's bell records the day's visit (and the confirmed account) once it is up.
  await expect(page.locator('[data-notification-bell]')).toHaveAttribute('data-live', 'true');

  await page.goto('/outlet/pixel-ledger');
  await page.getByRole('button', { name: 'Follow Pixel Ledger' }).click();
  await expect(page.getByRole('button', { name: 'Following Pixel Ledger' })).toBeVisible();

  await page.goto('/dashboard/earn-xp');
  // 50 (account confirmed, a milestone) + 5 (visit) + 2 (follow) = 57: level 2.
  await expect(page.locator('[data-level-progress]')).toContainText('Level 2: Newcomer II');
  await expect(page.locator('[data-level-progress]')).toContainText('57 XP');
  // The cap counts the visit and the follow only: milestones are not counted against it.
  await expect(page.locator('[data-xp-today]')).toHaveText('7 of 200 today');
  await expect(page.locator('[data-xp-recent]')).toContainText('Follow an outlet');

  // Unfollowing takes the follow's XP back.
  await page.goto('/outlet/pixel-ledger');
  await page.getByRole('button', { name: 'Following Pixel Ledger' }).click();
  await expect(page.getByRole('button', { name: 'Follow Pixel Ledger' })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/dashboard/earn-xp');
  await expect(page.locator('[data-level-progress]')).toContainText('55 XP');
  await expect(page.locator('[data-xp-recent]')).toContainText('Taken back: Follow an outlet');

  // The leaderboard page is cached; the own rank comes from the API.
  await page.goto('/leaderboard?period=week');
  await expect(page).toHaveTitle('Leaderboard | Critical Hit');
  await expect(page.locator('[data-own-rank]')).toContainText(/Your rank: #\d+ with 55 XP \(level 2\)/);
  const me = (await (await page.request.get('/api/leaderboard/me?period=all')).json()) as { rank: number; xp: number };
  expect(me.xp).toBe(55);
  expect(me.rank).toBeGreaterThan(0);
});

test('the level breakdown lists 50 levels and the points table', async ({ page }) => {
  await page.goto('/levels');
  await expect(page).toHaveTitle('Level Breakdown | Critical Hit');
  await expect(page.locator('[data-level]')).toHaveCount(50);
  await expect(page.locator('[data-level="10"]')).toContainText('1,620');
  await expect(page.locator('[data-xp-kind="daily_visit"]')).toContainText('+5');
});

test('the own rank and the daily visit refuse the anonymous', async ({ request }) => {
  expect((await request.get('/api/leaderboard/me')).status()).toBe(401);
  expect((await request.post('/api/visits', { data: {} })).status()).toBe(401);
});
