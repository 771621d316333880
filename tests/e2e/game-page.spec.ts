import { expect, test } from './fixtures.ts';

test('a game page shows platforms with their own release dates, genres and companies', async ({ page }) => {
  await page.goto('/games/grand-theft-auto-v');
  await expect(page).toHaveTitle('Grand Theft Auto V | Critical Hit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grand Theft Auto V');
  await expect(page.getByText('Released September 17, 2013')).toBeVisible();
  await expect(page.getByRole('img', { name: 'No cover art for Grand Theft Auto V yet' })).toBeVisible();

  const releases = page.getByRole('table');
  await expect(releases.getByRole('row', { name: /PlayStation 3/ })).toContainText('September 17, 2013');
  await expect(releases.getByRole('row', { name: /Xbox 360/ })).toContainText('September 17, 2013');
  await expect(releases.getByRole('row', { name: /PlayStation 4/ })).toContainText('November 18, 2014');

  await expect(page.getByRole('heading', { name: 'Developer' })).toBeVisible();
  await expect(page.getByText('Rockstar North', { exact: true })).toBeVisible();
  await expect(page.getByText('Rockstar Games', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Video Game Sales 2024' })).toBeVisible();

  await page.getByRole('list', { name: 'Genres' }).getByRole('link', { name: 'Action' }).click();
  await expect(page).toHaveURL(/\/games\?genre=action$/);
  await expect(page.getByLabel('Genre', { exact: true })).toHaveValue('action');
});

test('a Steam game credits its dataset and keeps per-platform dates', async ({ page }) => {
  await page.goto('/games/counter-strike');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Counter-Strike');
  await expect(page.getByRole('link', { name: 'Steam Store Games (2019)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /macOS/ })).toContainText('November 1, 2000');
});

test('the about page credits IGDB as a source of game data, with a link to it', async ({ page }) => {
  await page.goto('/about');
  const igdb = page.getByRole('listitem').filter({ has: page.getByText('IGDB', { exact: true }) });
  await expect(igdb).toContainText('from IGDB.com, used under the Twitch Developer Services Agreement');
  await expect(igdb.getByRole('link', { name: 'IGDB.com' })).toHaveAttribute('href', 'https://www.igdb.com');
});
