import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { fillLogin } from './accounts-helpers.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// User reviews as players meet them: a Premium member writes a spoiler review; another
// player reveals the spoiler, votes it helpful and reports it; Free members see what
// Premium would let them do. Each page is audited with axe afterwards.
test.slow();

// A demo game released before today: reviews are open.
const GAME = 'lanternfall';

async function signIn(page: Page, username: string) {
  await page.goto('/login');
  await fillLogin(page, username, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a Premium member writes a spoiler review; another player reveals it, votes it helpful and reports it', async ({
  browser,
  page,
}) => {
  await signIn(page, 'demo_premium');
  await page.goto(`/games/${GAME}`);
  const score = page.locator('[data-user-score]');
  // The demo community may have rated it already: this member's rating adds one.
  const before = score.getByText(/^Not enough ratings \(\d+\)$/);
  await expect(before).toBeVisible();
  const ratings = Number(/\((\d+)\)/.exec((await before.textContent())!)![1]);
  expect(ratings).toBeLessThan(4);
  const form = score.getByRole('form', { name: 'Write a review' });
  await form.getByText('4.5★').click();
  await form.getByLabel('Title (optional)').fill('A lantern worth carrying');
  await form.getByLabel(/Your review/).fill('The first hours are slow.\n\nThe twist: the lighthouse keeper is you.');
  await form.getByLabel('Contains spoilers').check();
  await form.getByLabel('I finished the game').check();
  await form.getByRole('button', { name: 'Publish review' }).click();
  await expect(score.getByText('You rated this game')).toContainText('4.5 stars');
  await expect(score.getByText(`Not enough ratings (${ratings + 1})`)).toBeVisible();

  const context = await browser.newContext();
  const reader = await context.newPage();
  try {
    await signIn(reader, 'demo_free');
    await reader.goto(`/games/${GAME}/user-reviews`);
    const review = reader.locator('[data-user-review]').filter({ hasText: 'A lantern worth carrying' });
    await expect(review.getByText('demo_premium')).toBeVisible();
    await expect(review.getByText('4.5/5')).toBeVisible();
    await expect(review.getByText('the lighthouse keeper is you')).toBeHidden();
    await review.getByText('This review contains spoilers: show it').click();
    await expect(review.getByText('The twist: the lighthouse keeper is you.')).toBeVisible();

    const helpful = review.getByRole('button', { name: /^Helpful/ });
    await expect(helpful).toHaveText('Helpful (0)');
    await helpful.click();
    await expect(helpful).toHaveText('Helpful ✓ (1)');
    await expect(helpful).toHaveAttribute('aria-pressed', 'true');

    await review.getByRole('button', { name: 'Report' }).click();
    const report = review.getByRole('form', { name: 'Report this review' });
    await report.getByLabel('Reason').selectOption('spoiler');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(review.getByText('Reported', { exact: true })).toBeVisible();

    // A Free member is shown what Premium offers instead of a dead button.
    await reader.goto(`/games/${GAME}`);
    await expect(reader.getByText('Writing user reviews is part of the Premium plan.')).toBeVisible();
    await expect(reader.getByRole('link', { name: 'See the Premium plan' })).toHaveAttribute('href', '/membership');
    const refused = await reader.request.post('/api/user-reviews', { data: { gameId: 1, rating: 5 } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'premium_required', plan: 'Premium' } });
  } finally {
    await context.close();
  }

  // Signed out, the same cached pages offer sign-in links (and load no island for them).
  const visitor = await browser.newContext();
  try {
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/games/${GAME}/user-reviews`);
    const card = anonymous.locator('[data-user-review]').filter({ hasText: 'A lantern worth carrying' });
    await expect(card.getByRole('link', { name: /^Helpful \(1\)\s*: sign in to vote$/ })).toHaveAttribute(
      'href',
      `/login?redirect=%2Fgames%2F${GAME}%2Fuser-reviews`,
    );
    await anonymous.goto(`/games/${GAME}`);
    await expect(
      anonymous.locator('[data-user-score]').getByRole('link', { name: 'Sign in', exact: true }),
    ).toHaveAttribute('href', `/login?redirect=%2Fgames%2F${GAME}`);
    await expect(anonymous.locator('[data-review-composer]')).not.toHaveAttribute('data-mounted');
  } finally {
    await visitor.close();
  }

  // The author cannot vote on their own review, and sees it on their dashboard.
  const own = await page.request.get(`/games/${GAME}/user-reviews`);
  expect(own.status()).toBe(200);
  await page.goto('/dashboard/my-reviews');
  await expect(page.getByRole('heading', { name: 'A lantern worth carrying' })).toBeVisible();
  await expect(page.getByText('1 found this helpful')).toBeVisible();
});

test('the user reviews page answers 404 for an unknown game and reads its filters', async ({ page }) => {
  const missing = await page.goto('/games/no-such-game-here/user-reviews');
  expect(missing?.status()).toBe(404);
  await page.goto(`/games/${GAME}/user-reviews?sort=lowest&finished=1`);
  await expect(page.getByLabel('Sort by')).toHaveValue('lowest');
  await expect(page.getByLabel('Finished the game')).toBeChecked();
});
