import { HEADER_LINKS } from '../../src/lib/navigation/navigation.ts';
import { auditInBothSchemes, expect, test } from './fixtures.ts';

// The header navigation on a phone: every item behind one menu button (a disclosure), for
// the mouse, the keyboard and screen readers alike; on a wide screen, a plain row. Each
// journey is audited with axe in light and dark mode (menu open and closed): give it time.
test.slow();

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button shows every header item on the screen, and the last one works', async ({ page }) => {
    await page.goto('/games');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: HEADER_LINKS[0]!.label })).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const list = page.locator(`#${await menu.getAttribute('aria-controls')}`);
    await expect(list).toBeVisible();
    for (const link of HEADER_LINKS) {
      const item = list.getByRole('link', { name: link.label, exact: true });
      await expect(item).toBeVisible();
      const box = (await item.boundingBox())!;
      expect(box.x, link.label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, link.label).toBeLessThanOrEqual(390);
    }
    await expect(list.getByRole('link', { name: 'Games', exact: true })).toHaveAttribute('aria-current', 'page');

    // Audited open, in light and in dark mode (the page follows the device's setting), each
    // once its colour transitions are over.
    await auditInBothSchemes(page, '/games with the menu open');
    await expect(page.locator('html')).toHaveClass(/dark/);

    const last = HEADER_LINKS.at(-1)!;
    await list.getByRole('link', { name: last.label, exact: true }).click();
    // The new page, loaded with its menu script (a URL change alone can still be the old page).
    await page.waitForURL(new RegExp(`${last.href}$`), { waitUntil: 'load' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(list.getByRole('link', { name: last.label, exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('the keyboard opens the menu, walks it, and Escape closes it with focus back on the button', async ({
    page,
  }) => {
    await page.goto('/reviews');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');

    for (const link of HEADER_LINKS) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name: link.label, exact: true })).toBeFocused();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(nav.getByRole('link', { name: HEADER_LINKS[0]!.label, exact: true })).toBeHidden();

    // Space toggles it too; tabbing on past the last item closes it.
    await page.keyboard.press('Space');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i <= HEADER_LINKS.length; i += 1) await page.keyboard.press('Tab');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click outside the open menu closes it', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('combobox', { name: 'Search games and outlets' }).click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games', exact: true }),
    ).toBeHidden();
  });

  test('without scripting every item is shown as it is, with no button to press', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
      baseURL,
    });
    try {
      const page = await context.newPage();
      await page.goto('/games');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
      for (const link of HEADER_LINKS) {
        const item = nav.getByRole('link', { name: link.label, exact: true });
        await expect(item).toBeVisible();
        const box = (await item.boundingBox())!;
        expect(box.x + box.width, link.label).toBeLessThanOrEqual(390);
      }
    } finally {
      await context.close();
    }
  });
});

test('on a wide screen the header items are a row and there is no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/games');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
  const boxes = await Promise.all(
    HEADER_LINKS.map((link) => nav.getByRole('link', { name: link.label, exact: true }).boundingBox()),
  );
  expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1);
});
