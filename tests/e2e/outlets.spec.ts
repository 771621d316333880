import { DEMO_OWNED_OUTLET, DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { E2E_CRON_SECRET } from '../../playwright.config.ts';
import { createConfirmedUser, fillLogin, newUser, waitForEmail } from './accounts-helpers.ts';
import { auditAccessibility, expect, expectHydrated, test } from './fixtures.ts';
import type { APIRequestContext, Page } from '@playwright/test';

// Outlet owners and authors, from the outside: the invitation journey through the dev
// mailbox, drafting, scheduling under embargo, the embargo and its lifting watched from the
// public game page, and every manage-outlet page and API call refused to a stranger.

const OWNER = 'owner@demo.test';
const GAME = 'lanternfall';

async function signIn(page: Page, email: string, password: string, redirect = '/dashboard') {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await fillLogin(page, email, password);
  await expect(page).toHaveURL(new RegExp(`${redirect.replace(/[/?]/g, '\\$&')}`));
}

const criticScoreText = async (request: APIRequestContext) => {
  const html = await (await request.get(`/games/${GAME}`)).text();
  return { html, label: /data-score="([^"]*)"/.exec(html)?.[1] ?? '' };
};

test('an owner invites an author, who signs up from the email, drafts a review the owner schedules under embargo; hidden until the owner lifts it, then released by the job', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  await signIn(page, OWNER, DEMO_PASSWORD);
  await page.goto('/manage-outlet');
  await expect(page).toHaveURL(`/manage-outlet/${DEMO_OWNED_OUTLET}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pixel Ledger');
  await expect(page.locator('[data-stat="drafts"]')).toBeVisible();

  // Pixel Ledger may already have reviewed the game in the demo data: one review per outlet and game.
  await page.goto('/manage-outlet/reviews');
  const existing = page.locator('tr', { has: page.locator(`a[href="/games/${GAME}"]`) });
  if ((await existing.count()) > 0) {
    page.once('dialog', (dialog) => void dialog.accept());
    await existing.getByRole('button', { name: /^Delete/ }).click();
    await expect(existing).toHaveCount(0);
  }
  await auditAccessibility(page, '/manage-outlet/reviews');

  const writer = newUser();
  await page.goto('/manage-outlet/authors');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(writer.fullName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(writer.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.locator(`[data-invitation="${writer.email}"]`)).toBeVisible();
  await auditAccessibility(page, '/manage-outlet/authors');

  const invitation = await waitForEmail(request, writer.email, 'Pixel Ledger invites you to write on Critical Hit');
  const inviteLink = invitation.links.find((link) => link.includes('/author/invite/'))!;

  // The author, signed out, signs up from the email.
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await author.goto(inviteLink);
  await expect(author.getByRole('heading', { level: 1 })).toHaveText('Pixel Ledger invites you to write');
  await author.getByRole('link', { name: 'Create an author account' }).click();
  await expect(author).toHaveURL(/\/auth\/author-signup\?invite=/);
  const form = author.getByRole('form', { name: 'Register' });
  await expect(form.getByLabel('Email')).toHaveValue(writer.email);
  await expectHydrated(form.getByLabel('Username'));
  await form.getByLabel('Username').fill(writer.username);
  await form.getByLabel('Full name').fill(writer.fullName);
  await form.getByLabel('Password', { exact: true }).fill(writer.password);
  await form.getByLabel('Confirm password').fill(writer.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(author).toHaveURL('/auth/signup-success');
  const confirmation = await waitForEmail(request, writer.email, 'Confirm Your Signup');
  await author.goto(confirmation.links[0]!);
  await expect(author).toHaveURL(new URL(inviteLink).pathname);
  await author.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(author).toHaveURL('/dashboard/author');
  await expect(author.getByRole('heading', { name: 'Pixel Ledger' })).toBeVisible();

  // The author drafts a review; the outlet lets only owners publish.
  await author.getByRole('link', { name: 'New review for Pixel Ledger' }).click();
  await author.getByRole('combobox', { name: 'Game', exact: true }).fill(GAME);
  await author.getByRole('textbox', { name: /^Score/ }).fill('12');
  await author.getByRole('textbox', { name: 'Headline', exact: true }).fill('Lanternfall, revisited');
  await author.getByRole('textbox', { name: /^Excerpt/ }).fill('A short excerpt of the full review.');
  await expect(author.getByRole('button', { name: 'Save and publish (or schedule)' })).toHaveCount(0);
  await author.getByRole('button', { name: 'Save draft' }).click();
  await expect(author.locator('tr', { hasText: 'Lanternfall' }).locator('[data-status]')).toHaveText('Draft');
  await auditAccessibility(author, '/dashboard/author');
  await authorContext.close();

  // The owner schedules it a little ahead: an embargo.
  const before = await criticScoreText(request);
  await page.goto('/manage-outlet/reviews');
  const row = page.locator('tr', { has: page.locator(`a[href="/games/${GAME}"]`) });
  await expect(row.locator('[data-status]')).toHaveText('Draft');
  await row.getByRole('link', { name: /^Edit/ }).click();
  // An embargo until this time tomorrow, in UTC (the form takes minutes).
  const minute = (date: Date) => date.toISOString().slice(0, 16);
  await page.getByLabel('Time zone').selectOption('UTC');
  await page.getByLabel('Date and time').fill(minute(new Date(Date.now() + 24 * 60 * 60 * 1000)));
  await page.getByRole('button', { name: 'Save and publish (or schedule)' }).click();
  const scheduled = page.locator('tr', { has: page.locator(`a[href="/games/${GAME}"]`) }).locator('[data-status]');
  await expect(scheduled).toHaveText(/^Scheduled/);

  // Invisible on the public side, whatever the release job does before its time...
  await request.get('/api/cron/release-critic-embargoes', { headers: { authorization: `Bearer ${E2E_CRON_SECRET}` } });
  const hidden = await criticScoreText(request);
  expect(hidden.html).not.toContain('A short excerpt of the full review.');
  expect(hidden.label).toBe(before.label);

  // ...until the outlet lifts the embargo (its time moved to a minute ago): the release job
  // (Vercel Cron's call) then shows it by itself, with the score recomputed. No waiting for a clock.
  await page
    .locator('tr', { has: page.locator(`a[href="/games/${GAME}"]`) })
    .getByRole('link', { name: /^Edit/ })
    .click();
  await page.getByLabel('Time zone').selectOption('UTC');
  await page.getByLabel('Date and time').fill(minute(new Date(Date.now() - 60 * 1000)));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(scheduled).toHaveText('Published');
  await expect
    .poll(async () => {
      await request.get('/api/cron/release-critic-embargoes', {
        headers: { authorization: `Bearer ${E2E_CRON_SECRET}` },
      });
      return (await criticScoreText(request)).label;
    })
    .not.toBe(before.label);
  expect((await criticScoreText(request)).html).toContain('A short excerpt of the full review.');
  await page.goto(`/manage-outlet/${DEMO_OWNED_OUTLET}`);
  await expect(page.locator('[data-audit-log]')).toContainText('review scheduled');
  await auditAccessibility(page, `/manage-outlet/${DEMO_OWNED_OUTLET}`);
});

test('a stranger and an anonymous visitor are refused every manage-outlet page and API call', async ({
  page,
  request,
}) => {
  test.slow();
  const pages = [
    '/manage-outlet',
    '/manage-outlet/reviews',
    '/manage-outlet/previews',
    '/manage-outlet/authors',
    '/manage-outlet/settings',
  ];
  const slugPages = [`/manage-outlet/${DEMO_OWNED_OUTLET}`, `/manage-outlet/${DEMO_OWNED_OUTLET}/authors`];
  for (const path of [...pages, ...slugPages]) {
    const anonymous = await request.get(path, { maxRedirects: 0 });
    expect(anonymous.status(), path).toBe(302);
    expect(anonymous.headers().location).toContain('/login?redirect=');
  }
  const api: [string, string, unknown][] = [
    ['POST', '/api/manage-outlet/drafts', { outlet: DEMO_OWNED_OUTLET, game: GAME, rawScore: '50' }],
    [
      'PUT',
      `/api/manage-outlet/${DEMO_OWNED_OUTLET}/settings`,
      { name: 'Taken', website: null, description: '', scale: 'hundred', threshold: 70, authorsCanPublish: true },
    ],
    ['POST', `/api/manage-outlet/${DEMO_OWNED_OUTLET}/invitations`, { email: 'x@example.com', name: 'X' }],
    ['DELETE', '/api/manage-outlet/reviews/1', undefined],
    ['POST', '/api/manage-outlet/reviews/1/unpublish', undefined],
  ];
  for (const [method, url, data] of api) {
    const response = await request.fetch(url, { method, data });
    // 401 from the API; a body-less DELETE without an Origin may be refused first (403) by Astro's origin check.
    expect([401, 403], `${method} ${url}`).toContain(response.status());
  }

  const stranger = await createConfirmedUser(request);
  await signIn(page, stranger.email, stranger.password);
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByText("Only an outlet's owner can manage it.")).toBeVisible();
  }
  for (const path of slugPages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByText('You do not have access to this outlet.')).toBeVisible();
  }
  expect((await page.goto('/manage-outlet/no-such-outlet'))?.status()).toBe(404);
  for (const [method, url, data] of api) {
    const response = await page.request.fetch(url, { method, data, headers: { origin: new URL(page.url()).origin } });
    expect([403, 404], `${method} ${url}`).toContain(response.status());
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.message.length).toBeGreaterThan(0);
  }
  await page.goto('/manage-outlet/settings');
  await auditAccessibility(page, '/manage-outlet/settings as a stranger');
});

test('dead author links say what happened', async ({ page }) => {
  test.slow(); // four pages, each audited in light and dark
  const response = await page.goto('/author/invite/not-a-real-token');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link is not valid');
  const wellFormed = await page.goto(`/author/link/${'A'.repeat(43)}`);
  expect(wellFormed?.status()).toBe(404);
  await page.goto('/author-features');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('For authors and outlets');
  await page.goto('/pr-features');
  await expect(page.getByRole('link', { name: 'apply to an outlet' })).toHaveAttribute('href', '/auth/author-signup');
});
