import { expect, test } from './fixtures.ts';

test('the header search suggests games despite a typo and is driven by the keyboard', async ({ page }) => {
  await page.goto('/reviews');
  const search = page.getByRole('combobox', { name: 'Search games and outlets' });
  await search.fill('lanternfal');
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(listbox.getByRole('option', { name: /Lanternfall/ })).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');

  await search.press('ArrowDown');
  await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', /site-search-listbox-0/);
  await search.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(search).toHaveAttribute('aria-expanded', 'false');

  await search.fill('lantrnfall');
  await expect(listbox.getByRole('option', { name: /Lanternfall/ })).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/games\/lanternfall$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lanternfall');
});

test('outlets are suggested too, and Enter without a choice shows every result', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Search games and outlets' });
  await search.fill('pixel ledg');
  await expect(page.getByRole('option', { name: /Pixel Ledger.*Outlet/ })).toBeVisible();

  await search.fill('grand theft');
  await expect(page.getByRole('option', { name: /Grand Theft Auto V/ }).first()).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/games\?q=grand\+theft$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “grand theft”');
  await expect(page.getByRole('main').getByRole('article').first()).toContainText('Grand Theft Auto');
});

test('search results tolerate typos and say so when nothing matches', async ({ page }) => {
  await page.goto('/games?q=hlf+life');
  await expect(page.getByRole('main').getByRole('link', { name: 'Half-Life 2', exact: true })).toBeVisible();
  await page.goto('/games?q=zzqxj');
  await expect(page.getByText('No games match “zzqxj”.')).toBeVisible();
});
