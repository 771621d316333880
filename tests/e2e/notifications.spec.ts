import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, fillLogin, toastWith } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

// Follow an outlet, the outlet publishes a review, the notification arrives live in a
// second tab (badge and toast, no reload) and the outlet feed shows the review.
test.slow();

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await fillLogin(page, identifier, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Publishes a Pixel Ledger review of a game it has not reviewed yet, as its owner; returns the game's title. */
async function publishReview(owner: APIRequestContext): Promise<string> {
  const listing = await (await owner.get('/games?page=3')).text();
  const slugs = [...new Set([...listing.matchAll(/href="\/games\/([a-z0-9-]+)"/g)].map((match) => match[1]!))];
  for (const slug of slugs) {
    const response = await owner.post('/api/critic-reviews', {
      data: {
        game: slug,
        outlet: 'pixel-ledger',
        kind: 'review',
        rawScore: '91',
        verdict: 'A live notification test.',
      },
    });
    if (response.status() === 201) return slug;
  }
  throw new Error('no game left for Pixel Ledger to review');
}

test('a followed outlet publishes a review: it arrives live in another tab and in the outlet feed', async ({
  page,
  browser,
  request,
}) => {
  const fan = await createConfirmedUser(request);
  await signIn(page, fan.email, fan.password);

  // Follow from the outlet page; the follower count goes up.
  await page.goto('/outlet/pixel-ledger');
  const follow = page.getByRole('button', { name: 'Follow Pixel Ledger' });
  await follow.click();
  await expect(page.getByRole('button', { name: 'Following Pixel Ledger' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-follower-count]')).toContainText(/1 follower|\d+ followers/);

  // A second tab, open on another page, signed in as the same user.
  const second = await page.context().newPage();
  await second.goto('/dashboard/notifications');
  const bell = second.locator('[data-notification-bell]');
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAttribute('data-live', 'true');
  // Reaching level 2 (account confirmed, first visit) already notified the new player.
  const badge = bell.locator('[data-unread-badge]');
  const before = Number((await badge.isVisible()) ? await badge.textContent() : 0);

  // The outlet's owner publishes a review.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, 'owner@demo.test', DEMO_PASSWORD);
  const slug = await publishReview(ownerPage.request);
  await ownerContext.close();

  // Live: the toast, the badge and the list, without a reload.
  await expect(toastWith(second, 'New notification')).toBeVisible();
  await expect(badge).toHaveText(String(before + 1));
  const item = second.locator('[data-notification="outlet_review"]').first();
  await expect(item).toContainText('Pixel Ledger reviewed');
  await expect(item).toContainText('(91)');

  // Marking it read clears the badge.
  await second.getByRole('button', { name: 'Mark all read' }).click();
  await expect(badge).toBeHidden();
  await second.close();

  await page.goto('/dashboard/outlet-feed');
  await expect(page.locator('[data-outlet-feed]')).toContainText('A live notification test.');
  await expect(page.locator(`[data-outlet-feed] a[href="/games/${slug}"]`).first()).toBeVisible();
});

test('the notification and follow API refuse the anonymous and bad input', async ({ request, page }) => {
  expect((await request.get('/api/notifications')).status()).toBe(401);
  expect((await request.post('/api/notifications/read', { data: { all: true } })).status()).toBe(401);
  expect((await request.post('/api/follows', { data: { outletSlug: 'pixel-ledger' } })).status()).toBe(401);
  await signIn(page, 'free@demo.test', DEMO_PASSWORD);
  const bad = await page.request.post('/api/notifications/read', { data: { ids: ['not-a-number'] } });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
  const unknown = await page.request.post('/api/follows', { data: { outletSlug: 'no-such-outlet' } });
  expect(unknown.status()).toBe(404);
});
