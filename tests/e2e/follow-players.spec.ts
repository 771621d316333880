import type { Browser, Page } from '@playwright/test';
import { createConfirmedUser, fillLogin, type TestUser } from './accounts-helpers.ts';
import { expect, RETURNING_VISITOR, test } from './fixtures.ts';

// Reloads or comes back to pages after writes: with the service worker, as a returning visitor.
test.use(RETURNING_VISITOR);

// Following a player from their profile, from the side of the player who follows and of
// the player who is followed; nobody can follow themselves.
test.slow();

async function signIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user);
  return page;
}

/** The profile's follower and following counts (the first beside the follow button, where there is one). */
const counts = (page: Page) =>
  page.locator('[data-follow-counts]').locator('[data-follower-count], [data-following-count]');

test('a player follows another from their profile, who is told; the counts follow; unfollowing takes it back', async ({
  page,
  browser,
  request,
}) => {
  const [fan, star] = [await createConfirmedUser(request), await createConfirmedUser(request)];
  await signIn(page, fan);

  await page.goto(`/${star.username}`);
  await expect(counts(page)).toHaveText(['0 followers', '0 following']);
  const follow = page.getByRole('button', { name: `Follow ${star.username}` });
  await follow.click();
  const unfollow = page.getByRole('button', { name: `Following ${star.username}` });
  await expect(unfollow).toHaveAttribute('aria-pressed', 'true');
  await expect(unfollow).toHaveText('Following');
  await expect(page.locator('[data-follower-count]')).toHaveText('1 follower');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Kept on the server: the page agrees after a reload, and the follower's own profile counts it.
  await page.reload();
  await expect(counts(page)).toHaveText(['1 follower', '0 following']);
  await expect(page.getByRole('button', { name: `Following ${star.username}` })).toBeVisible();
  await page.goto(`/${fan.username}`);
  await expect(counts(page)).toHaveText(['0 followers', '1 following']);

  // The followed player is told, with a link to the follower's profile.
  const starPage = await signedInPage(browser, star);
  await starPage.goto('/dashboard/notifications');
  const told = starPage.getByRole('link', { name: `${fan.username} followed you` });
  await expect(told).toBeVisible();
  await expect(told).toHaveAttribute('href', `/${fan.username}`);
  await starPage.context().close();

  // Unfollowing takes the count back.
  await page.goto(`/${star.username}`);
  await page.getByRole('button', { name: `Following ${star.username}` }).click();
  await expect(page.getByRole('button', { name: `Follow ${star.username}` })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('[data-follower-count]')).toHaveText('0 followers');
  await page.reload();
  await expect(counts(page)).toHaveText(['0 followers', '0 following']);
});

test("nobody follows themselves: no button on one's own profile, and the API refuses it", async ({ page, request }) => {
  const player = await createConfirmedUser(request);
  await signIn(page, player);
  await page.goto(`/${player.username}`);
  await expect(counts(page)).toHaveText(['0 followers', '0 following']);
  await expect(page.getByRole('button', { name: /Follow/ })).toHaveCount(0);

  for (const target of [{ username: player.username }, { username: player.username.toUpperCase() }]) {
    const self = await page.request.post('/api/follows', { data: target });
    expect(self.status()).toBe(400);
    expect(await self.json()).toEqual({ error: { code: 'self_follow', message: 'You cannot follow yourself.' } });
  }
  const state = await page.request.get(`/api/follows?username=${player.username}`);
  expect(await state.json()).toEqual({ following: false, followers: 0, self: true });

  // Signed out, the button asks the visitor to sign in.
  const visitor = await request.get(`/api/follows?username=${player.username}`);
  expect(await visitor.json()).toEqual({ following: false, followers: 0 });
  expect((await request.post('/api/follows', { data: { username: player.username } })).status()).toBe(401);
});
