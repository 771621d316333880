import { expect, test } from './fixtures.ts';

test('browsing by facets builds a canonical path, and facets combine', async ({ page }) => {
  test.slow(); // four facet pages, each audited with axe in light and dark
  await page.goto('/browse');
  await expect(page).toHaveTitle('Browse games | Critical Hit');
  await page.getByRole('navigation', { name: 'Genre' }).getByRole('link', { name: 'Shooter', exact: true }).click();
  await expect(page).toHaveURL(/\/browse\/genre\/shooter$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shooter games');

  await page
    .getByRole('navigation', { name: 'Platform' })
    .getByRole('link', { name: 'PlayStation 3', exact: true })
    .click();
  await expect(page).toHaveURL(/\/browse\/platform\/ps3\/genre\/shooter$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shooter games on PlayStation 3');
  const count = Number((await page.locator('[data-result-count]').textContent())?.split(' ')[0]);
  expect(count).toBeGreaterThan(0);
  for (const card of await page.getByRole('main').getByRole('article').all()) {
    await expect(card.getByRole('list', { name: 'Platforms' })).toContainText('PS3');
  }

  await page
    .getByRole('list', { name: 'Active filters' })
    .getByRole('link', { name: /Genre: Shooter/ })
    .click();
  await expect(page).toHaveURL(/\/browse\/platform\/ps3$/);
});

test('another facet order redirects to the canonical path; an invalid path is a 404', async ({ page }) => {
  test.slow(); // four pages, each audited with axe in light and dark
  await page.goto('/browse/year/2013/genre/action');
  await expect(page).toHaveURL(/\/browse\/genre\/action\/year\/2013$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Action games from 2013');

  const response = await page.goto('/browse/genre/action/mood/happy');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /browse/genre/action/mood/happy')).toBeVisible();
  expect((await page.goto('/browse/genre/no-such-genre'))?.status()).toBe(404);
});
