import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, fillLogin } from './accounts-helpers.ts';
import { expect, REACT_CHUNK, RETURNING_VISITOR, test } from './fixtures.ts';

// Reloads or comes back to pages after writes: with the service worker, as a returning visitor.
test.use(RETURNING_VISITOR);

// The user score on game cards beside the critic score, and following an outlet from a
// critic review row: a sign-in link for signed-out visitors (no React on the cached game
// page), the follow island for a visitor with a session.
test.slow();

// A released demo-catalogue game no other journey reviews or rates.
const GAME = { slug: 'defcon', title: 'DEFCON' };
const REVIEWED_GAME = 'grand-theft-auto-v';

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await fillLogin(page, identifier, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a game card shows the user score, labelled, beside the critic score', async ({ page }) => {
  const card = () => page.locator('article').filter({ has: page.getByRole('link', { name: GAME.title, exact: true }) });

  await page.goto(`/games?q=${GAME.slug}`);
  await expect(card()).toBeVisible();
  await expect(card().locator('[data-user-score-card]')).toHaveCount(0);

  // A Premium member rates it; the write purges the cached listings that show scores.
  await signIn(page, 'demo_premium', DEMO_PASSWORD);
  const gameId = await (
    await page.request.get(`/games/${GAME.slug}`)
  )
    .text()
    .then((html) => Number(/data-review-composer="(\d+)"/.exec(html)?.[1]));
  expect(gameId).toBeGreaterThan(0);
  const published = await page.request.post('/api/user-reviews', { data: { gameId, rating: 8 } });
  expect(published.status(), await published.text()).toBe(201);

  await page.goto(`/games?q=${GAME.slug}`);
  const score = card().locator('[data-user-score-card]');
  await expect(score).toContainText('User score');
  await expect(score).toContainText('Not enough ratings (1)');
  await expect(score).toHaveAttribute('title', 'User score: Not enough ratings (1 rating)');
});

test('a signed-out visitor of a game page gets sign-in links on review rows and loads no React', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto(`/games/${REVIEWED_GAME}`);
  const row = page.locator('[data-review-id]').first();
  const outlet = (await row.locator('[data-follow-outlet]').getAttribute('data-label'))!;
  await expect(row.getByRole('link', { name: `Follow ${outlet}` })).toHaveAttribute(
    'href',
    `/login?redirect=%2Fgames%2F${REVIEWED_GAME}`,
  );
  await expect(page.getByRole('button', { name: /^Follow / })).toHaveCount(0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((url) => REACT_CHUNK.test(url)),
    scripts.join(', '),
  ).toEqual([]);
});

test('a signed-in player follows an outlet from a review row and the button changes', async ({ page, request }) => {
  const player = await createConfirmedUser(request);
  await signIn(page, player.email, player.password);

  await page.goto(`/games/${REVIEWED_GAME}`);
  const row = page.locator('[data-review-id]').first();
  const outlet = (await row.locator('[data-follow-outlet]').getAttribute('data-label'))!;
  const follow = row.getByRole('button', { name: `Follow ${outlet}` });
  await expect(follow).toBeEnabled();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  const unfollow = row.getByRole('button', { name: `Following ${outlet}` });
  await expect(unfollow).toHaveAttribute('aria-pressed', 'true');
  await expect(unfollow).toHaveText('Following');

  // Kept on the server: the outlet page (cached, the same for everyone) agrees after a reload.
  const slug = (await row.locator('[data-follow-outlet]').getAttribute('data-follow-outlet'))!;
  const state = await page.request.get(`/api/follows?outletSlug=${slug}`);
  expect(await state.json()).toMatchObject({ following: true });
  await page.reload();
  await expect(
    page
      .locator('[data-review-id]')
      .first()
      .getByRole('button', { name: `Following ${outlet}` }),
  ).toBeVisible();
});
