import { baseURL } from '../../playwright.config.ts';
import { createConfirmedUser, fillLogin } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

// Reporting a review is for other people's reviews: its author is not offered the button,
// and the server refuses the report anyway.
test.slow();

// A released demo game no other journey reviews.
const GAME = 'fifa-16';

test("a review's author is not offered Report on it, and the server refuses the report", async ({ page }) => {
  const author = await createConfirmedUser(page.request);
  await page.goto('/login');
  await fillLogin(page, author.email, author.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const started = (await (
    await page.request.post('/api/membership/checkout', { data: { plan: 'premium', period: 'month' } })
  ).json()) as { url: string };
  const paid = await page.request.post('/api/membership/test-checkout', {
    data: { session_id: new URL(started.url, baseURL).searchParams.get('session_id') },
  });
  expect(paid.status()).toBe(200);
  const gameId = Number(
    /data-review-composer="(\d+)"/.exec(await (await page.request.get(`/games/${GAME}`)).text())?.[1],
  );
  const title = `My own verdict ${author.username}`;
  const written = await page.request.post('/api/user-reviews', { data: { gameId, rating: 6, title } });
  expect(written.status()).toBe(201);
  const { review } = (await written.json()) as { review: { id: string } };

  await page.goto(`/games/${GAME}/user-reviews?sort=newest`);
  const card = page.locator(`[data-user-review="${review.id}"]`);
  await expect(card.getByText('0 found this helpful')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Report' })).toHaveCount(0);

  const refused = await page.request.post(`/api/user-reviews/${review.id}/report`, { data: { reason: 'spam' } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: { code: 'forbidden', message: 'You cannot report your own review.' } });
});
