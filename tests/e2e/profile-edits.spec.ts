import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { createConfirmedUser, fillLogin, newUser, toastWith, type TestUser } from './accounts-helpers.ts';
import { expect, expectHydrated, RETURNING_VISITOR, test } from './fixtures.ts';

// Reloads or comes back to pages after writes: with the service worker, as a returning visitor.
test.use(RETURNING_VISITOR);

// Editing a profile keeps what the user did not change (an avatar uploaded beside the
// form survives saving the form), and a long name without spaces wraps on every page.
test.slow();

async function signIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('an avatar uploaded on /profile/edit survives saving the form, and loads everywhere', async ({ page }) => {
  const user = await createConfirmedUser(page.request);
  await signIn(page, user);
  await page.goto('/profile/edit');
  const input = page.locator('input[type="file"]');
  await expectHydrated(input);
  const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const preview = page.locator('img[data-avatar-preview]');
  await expect(preview).toHaveAttribute('src', /avatar-256-.+\.webp$/);
  const uploaded = (await preview.getAttribute('src'))!;

  // The form, loaded before the upload, is saved afterwards: the avatar stays.
  await expect(page.getByLabel('Avatar URL')).toHaveCount(0);
  await page.getByLabel('Bio').fill('Now with a bio and an avatar.');
  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/profile' && response.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Save profile' }).click();
  expect((await saved).status()).toBe(200);
  // The upload said it too; the form's save adds its own toast.
  await expect(toastWith(page, 'Profile updated successfully!').last()).toBeVisible();

  await page.reload();
  await expect(page.locator('img[data-avatar-preview]')).toHaveAttribute('src', uploaded);
  expect((await page.request.get(uploaded)).status()).toBe(200);
  await page.goto(`/${user.username}`);
  await expect(page.locator('img[data-avatar]')).toHaveAttribute('src', uploaded);
  await expect(page.getByText('Now with a bio and an avatar.')).toBeVisible();
  expect(
    await page.locator('img[data-avatar]').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
  ).toBe(256);

  // Through the API: a field not named is left as it is; the avatar is not a field.
  const patched = await page.request.patch('/api/profile', { data: { full_name: 'Renamed Player', bio: 'Bio only.' } });
  expect(await patched.json()).toMatchObject({
    profile: { full_name: 'Renamed Player', bio: 'Bio only.', avatar_url: uploaded },
  });
  const refused = await page.request.patch('/api/profile', { data: { full_name: 'Old form', avatar_url: null } });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    error: { code: 'validation_failed', message: 'The avatar is changed by uploading a picture on your profile page.' },
  });
});

test('a 100-character name without spaces wraps on every page, at 390 and at 1280 px', async ({ page }, testInfo) => {
  const user = await createConfirmedUser(page.request, {
    ...newUser(),
    fullName: `Wolfeschlegelsteinhausenbergerdorff${'W'.repeat(65)}`,
  });
  expect(user.fullName).toHaveLength(100);
  await signIn(page, user);
  const pages = [
    `/${user.username}`,
    `/${user.username}/activity`,
    `/${user.username}/lists`,
    '/dashboard',
    '/dashboard/my-profile',
    '/profile/edit',
    '/leaderboard',
  ];

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of pages) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px is wider than the window`).toBeLessThanOrEqual(0);
    }
    // The header's account menu stays within the window too.
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await expect(page.locator('#account-menu')).toBeVisible();
    const menu = await page.locator('#account-menu').boundingBox();
    expect(menu!.x).toBeGreaterThanOrEqual(0);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(width);

    await page.goto(`/${user.username}`);
    const name = page.locator('[data-profile-name]');
    await expect(name).toHaveText(user.fullName);
    expect((await name.boundingBox())!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`profile-long-name-${width}.png`), fullPage: true });
  }
});
