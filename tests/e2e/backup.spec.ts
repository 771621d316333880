import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { restoreBackup } from '../../src/lib/admin/backup-restore.server.ts';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, fillLogin } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';
import { startSite } from './servers.ts';

// The backup from /admin/database-admin holds the database and the uploaded files: restored
// into fresh folders with `npm run restore`'s function, a site started on them serves the
// avatar a player uploaded, with the same bytes, and the player's page shows it.
test.slow();

test('a backup restores into fresh folders and the restored site serves the uploaded avatars', async ({
  page,
  browser,
}) => {
  const user = await createConfirmedUser(page.request);
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .png()
    .toBuffer();
  const uploaded = await page.request.post('/api/profile/avatar', {
    data: png,
    headers: { 'content-type': 'image/png' },
  });
  expect(uploaded.status()).toBe(200);
  const avatar = new URL(((await uploaded.json()) as { avatarUrl: string }).avatarUrl).pathname;
  const original = await (await page.request.get(avatar)).body();

  const root = await mkdtemp(path.join(os.tmpdir(), 'restored-site-'));
  const archive = path.join(root, 'backup.tar.gz');
  const admin = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await admin.goto('/login');
  await fillLogin(admin, 'admin@demo.test', DEMO_PASSWORD);
  await expect(admin).toHaveURL(/\/dashboard$/);
  await admin.goto('/admin/database-admin');
  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Download a backup' }).click();
  await (await download).saveAs(archive);
  expect((await download).suggestedFilename()).toMatch(/^critical-hit-[\d-]+\.tar\.gz$/);
  await admin.context().close();

  const folders = { pgliteDir: path.join(root, 'pglite'), storageDir: path.join(root, 'storage') };
  try {
    expect(await restoreBackup(archive, folders)).toBe('embedded');
    const site = await startSite({ PGLITE_DIR: folders.pgliteDir, STORAGE_DIR: folders.storageDir });
    try {
      const restored = await fetch(site.origin + avatar);
      expect(restored.status).toBe(200);
      expect(restored.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await restored.arrayBuffer())).toEqual(original);
      const profile = await (await fetch(`${site.origin}/${user.username}`)).text();
      expect(profile).toContain(avatar);
    } finally {
      await site.stop();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
