import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectHydrated, test } from './fixtures.ts';
import { createConfirmedUser, fillLogin, googleIdToken, newUser, waitForEmail } from './accounts-helpers.ts';

/**
 * Nobody learns who has an account: signing up with a registered address goes exactly as a
 * new sign-up goes (the owner is mailed instead), and failed sign-ins slow a guesser down
 * without locking the owner out of a device they signed in on before (its device cookie).
 */

const API = { 'x-supabase-api-version': '2024-01-01', 'content-type': 'application/json' };

// Journeys through several pages, each audited with axe in light and dark mode afterwards.
test.slow();

/**
 * A confirmed account made with Google: no sign-up email went to its address in the last
 * minute, which would hold back any sign-up email to it, for a new account or not.
 */
async function googleAccount(request: APIRequestContext): Promise<{ email: string; id: string }> {
  const nonce = randomBytes(8).toString('hex');
  const email = `google-${randomBytes(5).toString('hex')}@example.com`;
  const idToken = await googleIdToken({
    sub: `g-${nonce}`,
    email,
    name: 'Google Owner',
    nonce: createHash('sha256').update(nonce).digest('hex'),
  });
  const response = await request.post('/auth/v1/token?grant_type=id_token', {
    headers: API,
    data: { provider: 'google', id_token: idToken, nonce },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, id: ((await response.json()) as { user: { id: string } }).user.id };
}

test('signing up with a registered email looks like any sign-up; the owner is mailed and keeps the account', async ({
  page,
  request,
}) => {
  const owner = await googleAccount(request);
  const stranger = newUser();
  await page.goto('/login?mode=register');
  const form = page.locator('main');
  await expectHydrated(form.getByLabel('Email', { exact: true }));
  await form.getByLabel('Email', { exact: true }).fill(owner.email);
  await form.getByLabel('Username', { exact: true }).fill(stranger.username);
  await expect(form.getByText('✓ Username is available')).toBeVisible();
  await form.getByLabel('Full name', { exact: true }).fill(stranger.fullName);
  await form.getByLabel('Password', { exact: true }).fill(stranger.password);
  await form.getByLabel('Confirm password', { exact: true }).fill(stranger.password);
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/signup-success$/);
  await expect(page.getByRole('main').getByText('Please check your email for the confirmation link')).toBeVisible();
  const notice = await waitForEmail(request, owner.email, 'You already have an account');
  expect(notice.links.map((link) => new URL(link).pathname)).toEqual(['/login', '/reset-password']);

  // The account is the owner's as before: no password was set on it, no second account or profile.
  const signIn = await request.post('/auth/v1/token?grant_type=password', {
    headers: API,
    data: { email: owner.email, password: stranger.password },
  });
  expect(signIn.status()).toBe(400);
  const taken = (await (await request.get(`/api/auth/check-username?username=${stranger.username}`)).json()) as {
    available: boolean;
  };
  expect(taken.available).toBe(true);
});

test("others' failed sign-ins do not slow the owner on a device that signed in before; an unknown device waits", async ({
  playwright,
  baseURL,
  request,
}) => {
  const user = await createConfirmedUser(request);
  const device = () => playwright.request.newContext({ baseURL });
  const [owner, attacker, unknown] = [await device(), await device(), await device()];
  const byUsername = (context: typeof owner, password: string) =>
    context.post('/api/auth/sign-in', { data: { identifier: user.username, password } });
  const byEmail = (context: typeof owner, password: string) =>
    context.post('/auth/v1/token?grant_type=password', { headers: API, data: { email: user.email, password } });

  // The owner signed in on this device before (by username, through the site's server).
  expect((await byUsername(owner, user.password)).status()).toBe(200);
  expect((await owner.storageState()).cookies.map((cookie) => cookie.name)).toContain('critical-hit-device');

  const guesses: number[] = [];
  for (let i = 0; i < 6; i += 1) guesses.push((await byEmail(attacker, `Guess-${i}-password`)).status());
  expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);

  const refused = await byUsername(unknown, user.password);
  expect(refused.status()).toBe(429);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    'Too many login attempts. Please try again later.',
  );
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

  expect((await byUsername(owner, user.password)).status()).toBe(200);
  expect((await byEmail(owner, user.password)).status()).toBe(200);
  await Promise.all([owner.dispose(), attacker.dispose(), unknown.dispose()]);
});

test('in the browser: signed in once on the login page, the owner signs in again while someone else is guessing', async ({
  page,
  request,
  context,
}) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Signed out on this browser (its session cookies gone), the device cookie kept.
  await context.clearCookies({ name: /^sb-/ });
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain('critical-hit-device');

  for (let i = 0; i < 6; i += 1) {
    await request.post('/auth/v1/token?grant_type=password', {
      headers: API,
      data: { email: user.email, password: `Guess-${i}-password` },
    });
  }
  expect(
    (
      await request.post('/auth/v1/token?grant_type=password', {
        headers: API,
        data: { email: user.email, password: user.password },
      })
    ).status(),
  ).toBe(429);

  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});
