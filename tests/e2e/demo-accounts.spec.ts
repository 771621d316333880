import { DEMO_ACCOUNTS, DEMO_OWNED_OUTLET, DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { TIER_LABELS, type Tier } from '../../src/lib/auth/tiers.ts';
import { fillLogin } from './accounts-helpers.ts';
import { expect, RETURNING_VISITOR, test } from './fixtures.ts';

// Reloads or comes back to pages after writes: with the service worker, as a returning visitor.
test.use(RETURNING_VISITOR);

// The embedded demo's accounts (listed in the README) sign in with the shared password
// and land on their own dashboard, which shows their membership tier. Journeys: each page
// is audited with axe in light and dark mode afterwards.
test.slow();

for (const account of DEMO_ACCOUNTS) {
  test(`the demo account ${account.email} signs in and sees the ${TIER_LABELS[account.tier]} tier`, async ({
    page,
  }) => {
    await page.goto('/login');
    await fillLogin(page, account.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${account.fullName}!`);
    await expect(page.getByText(`@${account.username}`)).toBeVisible();
    const membership = page.getByRole('definition').filter({ has: page.locator('.badge') });
    await expect(membership).toHaveText(TIER_LABELS[account.tier]);

    const me = (await (await page.request.get('/api/auth/me')).json()) as {
      tier: Tier;
      profile: { username: string } | null;
    };
    expect(me).toMatchObject({ tier: account.tier, profile: { username: account.username } });

    // The sidebar offers the author and outlet tools only to those who have them, and they open.
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar.getByRole('link', { name: 'My lists' })).toBeVisible();
    // (The owner of one outlet lands on that outlet's page.)
    const tools = {
      author: ['Author dashboard', '/dashboard/author', '/dashboard/author'],
      owner: ['Manage outlet', '/manage-outlet', `/manage-outlet/${DEMO_OWNED_OUTLET}`],
    } as const;
    for (const [role, [label, href, landing]] of Object.entries(tools)) {
      const link = sidebar.getByRole('link', { name: label, exact: true });
      if (account.role !== role) {
        await expect(link, `${account.email}: ${label}`).toHaveCount(0);
        continue;
      }
      await expect(link).toHaveAttribute('href', href);
      await link.click();
      await expect(page).toHaveURL(landing);
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
      await expect(page.getByText("Only an outlet's owner can manage it.")).toHaveCount(0);
      await page.goBack();
    }
  });
}

test('a demo account signs in by username too, and a wrong password is refused', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'demo_premium', 'not-the-demo-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, 'demo_premium', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Demo Premium member!');
});
