import { expect, RETURNING_VISITOR, test } from './fixtures.ts';

// Reloads or comes back to pages after writes: with the service worker, as a returning visitor.
test.use(RETURNING_VISITOR);

const cards = (page: import('@playwright/test').Page) => page.getByRole('main').getByRole('article');

test('filtering by platform and genre keeps everything in the URL', async ({ page }) => {
  await page.goto('/games');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Games');
  await expect(page.locator('[data-result-count]')).toHaveText('203 games');
  await expect(cards(page)).toHaveCount(24);

  await page.getByLabel('Platform', { exact: true }).selectOption({ label: 'PlayStation 4' });
  await page.getByLabel('Genre', { exact: true }).selectOption({ label: 'Shooter' });
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/\/games\?.*platform=ps4/);
  await expect(page).toHaveURL(/genre=shooter/);
  const count = Number((await page.locator('[data-result-count]').textContent())?.split(' ')[0]);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(203);
  await expect(cards(page)).toHaveCount(Math.min(count, 24));
  for (const card of await cards(page).all()) {
    await expect(card.getByRole('list', { name: 'Platforms' })).toContainText('PS4');
  }
  // The filters survive a reload because they live in the URL.
  await page.reload();
  await expect(page.getByLabel('Platform', { exact: true })).toHaveValue('ps4');
  await expect(page.getByLabel('Genre', { exact: true })).toHaveValue('shooter');

  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/games$/);
});

test('sorting by title and paging through the catalogue', async ({ page }) => {
  await page.goto('/games?sort=title-asc');
  const titles = await cards(page).getByRole('heading').allTextContents();
  expect(titles).toHaveLength(24);
  expect(titles[0]).toBe('Act of War: Direct Action');
  expect(titles[1]).toBe('Alien Swarm');
  expect(titles[2]).toBe('Alpha Prime');
  expect(titles[3]).toBe('ARMA: Combat Operations');

  const pagination = page.getByRole('navigation', { name: 'Games pages' });
  await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pagination.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/games\?sort=title-asc&page=2$/);
  await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const nextTitles = await cards(page).getByRole('heading').allTextContents();
  expect(nextTitles[0]!.toLowerCase() > titles[23]!.toLowerCase()).toBe(true);
  await expect(page).toHaveTitle('Games (page 2) | Critical Hit');
});

test('nonsense in the query falls back to sensible defaults; a page past the end says so', async ({ page }) => {
  await page.goto('/games?page=abc&sort=sideways&platform=<script>');
  await expect(page.locator('[data-result-count]')).toHaveText('203 games');
  await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('release-desc');

  await page.goto('/games?page=99');
  await expect(page.getByText('There is no page 99.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(page).toHaveURL(/\/games$/);
});

test('upcoming games list the invented demo releases, and a filter with no results shows a real empty state', async ({
  page,
}) => {
  await page.goto('/games?when=upcoming');
  await expect(page.locator('[data-result-count]')).toHaveText('6 games');
  await expect(cards(page).first()).toContainText('Starfall Cartographers');
  await expect(cards(page).first()).toContainText('Invented demo game');

  await page.goto('/games?when=upcoming&platform=atari-2600');
  await expect(page.locator('[data-result-count]')).toHaveText('0 games');
  await expect(page.getByText('No games match these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'see every game' }).click();
  await expect(page.locator('[data-result-count]')).toHaveText('203 games');
});
