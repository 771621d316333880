import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, fillLogin } from './accounts-helpers.ts';
import { expect, expectHydrated, RETURNING_VISITOR, test } from './fixtures.ts';

// Reloads or comes back to pages after writes: with the service worker, as a returning visitor.
test.use(RETURNING_VISITOR);

// Membership through the built-in test checkout (no Stripe keys in the e2e server): the
// same webhook handler production runs applies every change.
test.slow();

const GAME = '/games/grand-theft-auto-v';
const TEST_MODE = 'Test mode: no payment is taken';

test('a Free user upgrades to Premium, loses the ads, cancels, and keeps Premium until the period ends', async ({
  page,
}) => {
  const user = await createConfirmedUser(page.request);
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(GAME);
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toBeVisible();

  await page.goto('/subscription');
  await expect(page.getByTestId('current-plan')).toHaveText('Free');
  // A click before hydration would be undone when React takes over the controlled radios.
  await expectHydrated(page.getByLabel('Yearly'));
  await page.getByLabel('Yearly').check();
  await expect(page.locator('[data-plan="premium"]')).toContainText('$59.90 per year, taxes included');
  await page.getByRole('button', { name: 'Choose Premium (yearly)' }).click();

  await expect(page).toHaveURL(/\/subscription\/test-checkout\?session_id=cs_test_/);
  await expect(page.getByText(TEST_MODE)).toBeVisible();
  await page.getByRole('button', { name: 'Pay $59.90 (test)' }).click();

  await expect(page).toHaveURL(/\/payment\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Premium');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Premium');
  expect(((await (await page.request.get('/api/auth/me')).json()) as { tier: string }).tier).toBe('premium');

  await page.goto(GAME);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('ad-slot')).toBeHidden();
  const meAgain = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
  await page.goto('/games');
  await meAgain;
  await expect(page.getByTestId('ad-slot')).toBeHidden();

  await page.goto('/account/subscription');
  await expect(page.getByTestId('account-plan')).toHaveText('Premium');
  await expect(page.getByTestId('account-status')).toContainText('Active: renews on');
  await expect(page.getByTestId('invoices')).toContainText('$59.90');

  // Cancelling takes two clicks; the plan stays until the paid period ends.
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await page.getByRole('button', { name: /^Confirm: cancel at the end of the period/ }).click();
  await expect(page.getByTestId('account-status')).toContainText('Cancelled: ends on');
  await expect(page.getByTestId('account-plan')).toHaveText('Premium');

  // The period ends: moved in the database by the test clock, not waited for.
  await page.getByRole('button', { name: 'Test clock: go to the end of this period' }).click();
  await expect(page.getByTestId('account-plan')).toHaveText('Free');
  expect(((await (await page.request.get('/api/auth/me')).json()) as { tier: string }).tier).toBe('free');
});

test('visitors and Free users see the labelled ad slot; Ad-Free members never do', async ({ page }) => {
  await page.goto('/membership');
  await expect(page.getByTestId('plan-comparison')).toContainText('$5.99');
  await expect(page.getByText(TEST_MODE)).toBeVisible();

  await page.goto(GAME);
  const ad = page.getByRole('complementary', { name: 'Advertisement' });
  await expect(ad).toBeVisible();
  await expect(ad.getByRole('link', { name: 'See the membership plans' })).toHaveAttribute('href', '/membership');
  // One slot on every catalogue page, not only game pages.
  for (const path of ['/', '/games', '/reviews']) {
    await page.goto(path);
    await expect(page.getByRole('complementary', { name: 'Advertisement' }), path).toBeVisible();
  }

  await page.goto('/login');
  await fillLogin(page, 'adfree@demo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = page.waitForResponse((response) => response.url().endsWith('/api/auth/me'));
  await page.goto(GAME);
  await me;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('ad-slot')).toBeHidden();
});

test("membership endpoints refuse what is not the caller's to do", async ({ page, request }) => {
  // Anonymous.
  expect(
    (await request.post('/api/membership/checkout', { data: { plan: 'premium', period: 'month' } })).status(),
  ).toBe(401);
  expect((await request.post('/api/membership/subscription', { data: { action: 'cancel' } })).status()).toBe(401);
  expect((await request.post('/api/membership/test-checkout', { data: { session_id: 'cs_test_x' } })).status()).toBe(
    401,
  );
  const guarded = await request.get('/account/subscription', { maxRedirects: 0 });
  expect([302, 303, 307]).toContain(guarded.status());
  // Without STRIPE_WEBHOOK_SECRET the HTTP webhook takes no events at all.
  const webhook = await request.post('/api/stripe/webhook', {
    headers: { 'stripe-signature': 't=1,v1=00' },
    data: { id: 'evt_1' },
  });
  expect(webhook.status()).toBe(503);

  // A stranger cannot pay or read another user's checkout session.
  const owner = await createConfirmedUser(page.request);
  await page.goto('/login');
  await fillLogin(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const started = await page.request.post('/api/membership/checkout', { data: { plan: 'ad_free', period: 'month' } });
  const { url } = (await started.json()) as { url: string };
  const sessionId = new URL(url, 'http://x').searchParams.get('session_id')!;
  const bad = await page.request.post('/api/membership/checkout', { data: { plan: 'free', period: 'month' } });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
    'Choose the Ad-Free or the Premium plan.',
  );

  const stranger = await browserFor(page, 'free@demo.test');
  expect(
    (await stranger.request.post('/api/membership/test-checkout', { data: { session_id: sessionId } })).status(),
  ).toBe(404);
  await stranger.goto(`/payment/success?session_id=${sessionId}`);
  await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('Checkout not found');
  expect((await stranger.request.post('/api/membership/subscription', { data: { action: 'cancel' } })).status()).toBe(
    404,
  );
  await stranger.close();
});

async function browserFor(page: import('@playwright/test').Page, email: string) {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const other = await context.newPage();
  await other.goto('/login');
  await fillLogin(other, email, DEMO_PASSWORD);
  await expect(other).toHaveURL(/\/dashboard$/);
  return other;
}
