import { expect, RETURNING_VISITOR, test } from './fixtures.ts';

// Reloads or comes back to pages after writes: with the service worker, as a returning visitor.
test.use(RETURNING_VISITOR);

const html = (page: import('@playwright/test').Page) => page.locator('html');

test('system mode follows the device setting, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByLabel('Colour mode')).toHaveValue('system');
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});

test('a chosen mode is kept in the browser and applied before the first paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/games');
  await page.getByLabel('Colour mode').selectOption('dark');
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('dark');

  // Record the <html> class at the moment <body> first exists, before anything is painted.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.body) {
        (window as unknown as { classAtBody: string }).classAtBody = document.documentElement.className;
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toContain('dark');
  await expect(page.getByLabel('Colour mode')).toHaveValue('dark');

  await page.getByLabel('Colour mode').selectOption('system');
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBeNull();
});
