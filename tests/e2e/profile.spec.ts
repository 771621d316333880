import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, fillLogin, signedInRequest } from './accounts-helpers.ts';
import { expect, expectHydrated, test } from './fixtures.ts';

// Public profiles and avatars: addresses, the upload from /dashboard/my-profile with a
// wrong and an oversized file first, and privacy. Each page is audited with axe afterwards.
test.slow();

test('profile addresses: canonical case, /profile/{username}, the legacy address and unknown names', async ({
  page,
}) => {
  for (const path of ['/DEMO_FREE', '/profile/demo_free', '/demo_free/index-broken']) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location).toMatch(/\/demo_free$/);
  }
  const unknown = await page.goto('/no_such_player');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText('Page not found: /no_such_player')).toBeVisible();
  await page.goto('/demo_free');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('@demo_free')).toBeVisible();
  await page.goto('/demo_free/activity');
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
});

test('a player uploads an avatar; wrong and oversized files are refused and the avatar stays', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'demo_adfree', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/my-profile');
  const input = page.locator('input[type="file"]');
  await expectHydrated(input);

  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 140, b: 130 } } })
    .png()
    .toBuffer();
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const preview = page.locator('img[data-avatar-preview]');
  await expect(preview).toHaveAttribute('src', /\/storage\/v1\/object\/public\/avatars\/.+avatar-256-.+\.webp$/);
  const first = await preview.getAttribute('src');
  const image = await page.request.get(first!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(image.headers()['cache-control']).toContain('max-age=31536000');
  expect((await sharp(await image.body()).metadata()).width).toBe(256);

  await input.setInputFiles({
    name: 'not-an-image.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some text, not a picture'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a JPEG, PNG or WebP image.' })).toBeVisible();
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(
    page.getByRole('alert').filter({ hasText: 'The image is too large: please choose one of 5 MB or less.' }),
  ).toBeVisible();
  await expect(preview).toHaveAttribute('src', first!);

  await page.goto('/demo_adfree');
  await expect(page.locator('img[data-avatar]')).toHaveAttribute('src', first!);

  // Private: others see the name and avatar only.
  await page.goto('/dashboard/my-profile');
  await page.getByLabel(/Private profile/).check();
  await expect(page.getByText('Your profile is now private.')).toBeVisible();
  const anonymous = await page.request.get('/demo_adfree', { headers: { cookie: '' } });
  const html = await anonymous.text();
  expect(html).toContain('This profile is private.');
  expect(html).not.toContain('Recent activity');
  await page.getByLabel(/Private profile/).uncheck();
  await expect(page.getByText('Your profile is now public.')).toBeVisible();
});

test('a profile links each active year to its year in review, whose link preview is its picture', async ({
  page,
  playwright,
}) => {
  const user = await createConfirmedUser(page.request);
  const api = await signedInRequest(playwright, user.email, user.password);
  // A game finished in 2025, through the library's own API (the kept stats follow it).
  const gameId = Number(
    /data-review-composer="(\d+)"/.exec(await (await page.request.get('/games/nba-2k16')).text())?.[1],
  );
  expect(gameId).toBeGreaterThan(0);
  const put = await api.put(`/api/library/${gameId}`, {
    data: { status: 'completed', finishedOn: '2025-03-14', hoursPlayed: 41.5 },
  });
  expect(put.status(), await put.text()).toBe(200);
  await api.dispose();

  await page.goto(`/${user.username}`);
  await expect(page.getByRole('heading', { name: 'Games by status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Completed (1)' })).toBeVisible();
  await page.getByRole('link', { name: '2025 in review' }).click();
  await expect(page).toHaveURL(new RegExp(`/${user.username}/year/2025$`));
  await expect(page.getByRole('heading', { level: 1, name: /2025 in review/ })).toBeVisible();
  await expect(page.locator('[data-year-figures]')).toContainText('41.5');

  const image = page.locator('meta[property="og:image"]');
  await expect(image).toHaveAttribute('content', new RegExp(`/${user.username}/year/2025\\.png\\?v=\\w+$`));
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
    'content',
    /1 game finished; 41\.5 hours/,
  );
  const imageUrl = new URL((await image.getAttribute('content'))!);
  const png = await page.request.get(`${imageUrl.pathname}${imageUrl.search}`);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  // Kept by the browser under this key, by no shared cache; the page itself is never stored.
  expect(png.headers()['cache-control']).toBe('private, max-age=31536000, immutable');
  expect((await page.request.get(`/${user.username}/year/2025`)).headers()['cache-control']).toBe('private, no-store');
  expect((await sharp(await png.body()).metadata()).width).toBe(1200);
  // The page is audited with axe in both colour modes as the test leaves it (fixtures.ts).
});
