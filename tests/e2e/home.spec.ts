import { expect, test } from './fixtures.ts';

test('the home page shows top-rated recent games, latest reviews, recent and upcoming releases', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Critical Hit');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Critical Hit' })).toBeVisible();

  const topRated = page.getByRole('region', { name: 'Top-rated recent releases' });
  await expect(topRated.getByRole('listitem')).toHaveCount(6);
  const scores = await topRated
    .locator('[data-score]')
    .evaluateAll((badges) => badges.map((b) => Number(b.getAttribute('data-score'))));
  expect(scores).toEqual([...scores].sort((a, b) => b - a));

  const latest = page.getByRole('region', { name: 'Latest reviews', exact: true });
  await expect(latest.getByRole('listitem')).toHaveCount(6);
  await expect(latest.getByText('Demo outlet').first()).toBeVisible();

  const recent = page.getByRole('region', { name: 'Recent releases', exact: true });
  // The newest released games are the invented demo releases of the last few weeks.
  await expect(recent.getByRole('heading', { level: 3 }).first()).toHaveText('Midnight Courier');
  await expect(recent.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })).toHaveCount(12);

  const upcoming = page.getByRole('region', { name: 'Upcoming releases', exact: true });
  await expect(upcoming.getByRole('heading', { level: 3 }).first()).toHaveText('Starfall Cartographers');

  await recent.getByRole('link', { name: 'Red Dead Redemption 2', exact: true }).click();
  await expect(page).toHaveURL(/\/games\/red-dead-redemption-2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Red Dead Redemption 2');
});

test('the skip link is the first stop for keyboard users and moves focus to the content', async ({ page }) => {
  await page.goto('/games');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('the header links to the catalogue pages and marks the current one', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Upcoming' }).click();
  await expect(page).toHaveURL(/\/games\?when=upcoming$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming games');
  await expect(nav.getByRole('link', { name: 'Upcoming' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Games' })).not.toHaveAttribute('aria-current', 'page');

  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveTitle('About | Critical Hit');
  // The licensed datasets are credited where the catalogue comes from.
  await expect(page.getByText('Steam Store Games (Clean dataset) by Nik Davis')).toBeVisible();
  await expect(page.getByRole('link', { name: 'CC BY 4.0' })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by/4.0/',
  );
  await expect(page.getByRole('link', { name: 'ODC-By 1.0' })).toBeVisible();
});

test('a slow navigation shows the loading bar, and the next page starts without it', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-loading-bar]')).not.toHaveAttribute('data-visible');

  // While a navigation is in flight Playwright's locators wait for it, so the page itself
  // reports the moment the bar appears.
  let barShown: () => void = () => {};
  const shown = new Promise<void>((resolve) => (barShown = resolve));
  await page.exposeFunction('reportLoadingBarShown', () => barShown());
  await page.evaluate(() => {
    const bar = document.querySelector('[data-loading-bar]')!;
    new MutationObserver(() => {
      if (bar.hasAttribute('data-visible'))
        (window as unknown as { reportLoadingBarShown: () => void }).reportLoadingBarShown();
    }).observe(bar, { attributes: true });
  });

  // Hold the next page until the bar has shown: the user waits, and so does the test.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/about', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click({ noWaitAfter: true });
  await shown;
  release();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('[data-loading-bar]')).not.toHaveAttribute('data-visible');
});
