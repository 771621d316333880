import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { fillLogin } from './accounts-helpers.ts';
import { expect, expectHydrated, test } from './fixtures.ts';

// An administrator uploads a game's cover and imports games from a CSV file.
test.slow();

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await fillLogin(page, 'admin@demo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('an administrator uploads a cover and the game page shows it', async ({ page }) => {
  await signInAsAdmin(page);
  const title = `Cover Quest ${Date.now()}`;
  const created = await page.request.post('/api/admin/games', {
    data: { title, platforms: [{ slug: 'pc', releaseDate: '' }] },
  });
  expect(created.status()).toBe(201);
  const { game } = (await created.json()) as { game: { slug: string } };

  await page.goto(`/admin/games?edit=${game.slug}`);
  const picture = await sharp({
    create: { width: 300, height: 400, channels: 3, background: { r: 220, g: 90, b: 20 } },
  })
    .png()
    .toBuffer();
  const upload = page.getByLabel('Upload a cover');
  await upload.scrollIntoViewIfNeeded();
  await expectHydrated(upload);
  await upload.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByText('Cover saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: `Cover art for ${title}` })).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/game-covers\/\d+\/cover-w600-[0-9a-f]{16}\.webp$/,
  );

  // The game page draws it as a responsive picture, fetched first: AVIF in every width,
  // the browser's pick for a 16rem cover on this 1x screen being the 300 px one.
  await page.goto(`/games/${game.slug}`);
  const cover = page.getByRole('img', { name: `Cover art for ${title}` }).first();
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expect(page.locator('picture source[type="image/avif"]').first()).toHaveAttribute(
    'srcset',
    /cover-w150-[0-9a-f]{16}\.avif 150w, .*cover-w600-[0-9a-f]{16}\.avif 600w$/,
  );
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/cover-w300-[0-9a-f]{16}\.avif$/);
});

test('an administrator imports games from a CSV file after fixing a line the preview showed in error', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const stamp = Date.now();
  const header =
    'title,console,genre,publisher,developer,critic_score,total_sales,na_sales,jp_sales,pal_sales,other_sales,release_date';
  const good = `Imported Voyage ${stamp},PS4,Adventure,Harbour Games,Harbour Games,,1,1,1,1,1,04/03/2021`;
  const file = (text: string) => ({ name: 'games.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

  await page.goto('/admin/games');
  const importer = page.getByRole('region', { name: 'Import games from a CSV file' });
  await importer.scrollIntoViewIfNeeded();
  await expectHydrated(importer.getByLabel('CSV file'));
  await importer
    .getByLabel('CSV file')
    .setInputFiles(file(`${header}\n${good}\nBroken Console ${stamp},ZX81,Action,P,D,,1,1,1,1,1,01/01/2020\n`));
  await importer.getByRole('button', { name: 'Preview' }).click();
  await expect(
    importer.getByRole('cell', { name: 'Error: Unknown platform "ZX81" (use a console code such as PS4, NS or PC).' }),
  ).toBeVisible();
  await expect(importer.getByRole('button', { name: 'Import the new games' })).toBeDisabled();

  await importer
    .getByLabel('CSV file')
    .setInputFiles(file(`${header}\n${good}\nPortal 2,PC,Puzzle,Valve,Valve,,1,1,1,1,1,19/04/2011\n`));
  await importer.getByRole('button', { name: 'Preview' }).click();
  await expect(
    importer.getByRole('cell', { name: /^Already there: Already in the catalogue: skipped\./ }),
  ).toBeVisible();
  await importer.getByRole('button', { name: 'Import the new games' }).click();
  await expect(importer.getByText('Imported 1 game; 1 already there were skipped.')).toBeVisible();

  await page.goto(`/games/imported-voyage-${stamp}`);
  await expect(page.getByRole('heading', { level: 1, name: `Imported Voyage ${stamp}` })).toBeVisible();
});
