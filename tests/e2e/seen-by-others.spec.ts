import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, signedInRequest } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

// What one player does, seen from another's side: a player's games, favourite, level, bio and
// avatar on their profile as a visitor sees it; a list reported by one player, hidden by an
// administrator, gone for everyone but its owner, who is told why. The doer's own pages are
// walked in lists.spec.ts, profile.spec.ts, accounts.spec.ts and xp.spec.ts.
test.slow();

async function signInByApi(page: Page, identifier: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in', { data: { identifier, password } });
  expect(response.status(), await response.text()).toBe(200);
}

test("a visitor sees on a player's profile the games they completed, their favourite, level, bio and avatar", async ({
  page,
  playwright,
  request,
}) => {
  const player = await createConfirmedUser(request);
  const api = await signedInRequest(playwright, player.email, player.password);
  try {
    const { games } = (await (await api.get('/api/library/games?q=Portal%202')).json()) as {
      games: { id: number; slug: string; title: string }[];
    };
    const game = games[0]!;
    expect(
      (await api.put(`/api/library/${game.id}`, { data: { status: 'completed', favourite: true } })).status(),
    ).toBe(200);
    expect((await api.post('/api/visits')).status()).toBe(200);
    const bio = `I finish what I start (${player.username}).`;
    expect((await api.patch('/api/profile', { data: { full_name: player.fullName, bio } })).status()).toBe(200);
    const picture = await sharp({
      create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 60, b: 90 } },
    })
      .png()
      .toBuffer();
    const avatar = await api.post('/api/profile/avatar', {
      multipart: { avatar: { name: 'me.png', mimeType: 'image/png', buffer: picture } },
    });
    expect(avatar.status(), await avatar.text()).toBe(200);

    // Another visitor, signed out.
    {
      const other = page;
      await other.goto(`/${player.username}`);
      await expect(other.getByRole('heading', { level: 1 })).toHaveText(player.fullName);
      await expect(other.getByText(bio)).toBeVisible();
      await expect(other.getByRole('region', { name: 'Level and followers' }).getByText(/^Level \d+: /)).toBeVisible();
      const image = other.getByRole('img', { name: `${player.username}'s avatar` });
      await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/public\/avatars\//);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const completed = other
        .locator('[data-status-counts] div')
        .filter({ has: other.locator('dt', { hasText: /^Completed$/ }) });
      await expect(completed.locator('dd')).toHaveText('1');
      await expect(
        other.getByRole('region', { name: 'Favourites' }).getByRole('link', { name: game.title }),
      ).toHaveAttribute('href', `/games/${game.slug}`);
      await expect(other.getByText('Marked as Completed:').first()).toBeVisible();
    }
  } finally {
    await api.dispose();
  }
});

test('a player reports a list, an administrator hides it, and it is gone for everyone but its owner, who sees why', async ({
  page,
  browser,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const title = `Reported picks ${suffix}`;
  const reason = `Advertises a shop (${suffix}).`;
  // The owner (Ad-Free) makes a public list with a game.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInByApi(owner, 'adfree@demo.test', DEMO_PASSWORD);
  const ownerApi = owner.request;
  const created = await ownerApi.post('/api/lists', {
    data: { title, visibility: 'public', description: 'Buy cheap keys at example.org!' },
  });
  expect(created.status()).toBe(201);
  const { list } = (await created.json()) as { list: { id: number; slug: string } };
  const { games } = (await (await ownerApi.get('/api/library/games?q=Portal%202')).json()) as {
    games: { id: number }[];
  };
  expect((await ownerApi.post(`/api/lists/${list.id}/entries`, { data: { gameId: games[0]!.id } })).status()).toBe(201);
  const address = `/demo_adfree/lists/${list.slug}`;

  // A player reports it from its page.
  const player = await createConfirmedUser(request);
  await signInByApi(page, player.email, player.password);
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('button', { name: 'Report this list' }).click();
  const form = page.getByRole('form', { name: 'Report this list' });
  await form.getByLabel('Reason').selectOption('spam');
  await form.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Reported', { exact: true })).toBeVisible();

  // The administrator hides it from the queue, with a reason.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signInByApi(admin, 'admin@demo.test', DEMO_PASSWORD);
    await admin.goto('/admin/moderation');
    const item = admin
      .getByRole('listitem')
      .filter({ has: admin.getByRole('heading', { name: `Reported list "${title}" by demo_adfree` }) });
    await item.getByLabel(/^Reason/).fill(reason);
    await item.getByLabel('Hide', { exact: true }).check();
    await item.getByRole('button', { name: 'Apply' }).click();
    await expect(
      admin
        .getByRole('region', { name: /Hidden content/ })
        .getByRole('heading', { name: `Hidden list "${title}" by demo_adfree` }),
    ).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // Gone for the reporter and for visitors...
  expect((await page.goto(address))?.status()).toBe(404);
  expect((await request.get(address)).status()).toBe(404);
  // ...while its owner still has it, and is told why.
  await owner.goto(`/dashboard/lists/${list.id}`);
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText(title);
  // The notice on the page, not the notification of the same hiding, which may arrive as a toast.
  await expect(owner.getByText(`Reason: ${reason}`)).toBeVisible();
  await ownerContext.close();
});
