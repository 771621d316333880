import { expect, test } from './fixtures.ts';
import { createConfirmedUser, fillLogin, waitForEmail } from './accounts-helpers.ts';

// Secure email change on the site: a link to each address, both needed, the old one told.
test.slow();

test('changing the email takes a link from the new address and one from the current one', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  const next = `moved-${user.username}@example.com`;
  await page.goto('/login?redirect=%2Fsettings');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByLabel('New email', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Waiting for confirmation of')).toBeVisible();

  const toNew = await waitForEmail(request, next, 'Confirm Email Change');
  const toCurrent = await waitForEmail(request, user.email, 'Confirm Email Change');

  // The new address alone changes nothing: the site says the other link is awaited.
  await page.goto(toNew.links[0]!);
  await expect(
    page.getByText('Confirmation link accepted. Please proceed to confirm link sent to the other email'),
  ).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText(`Current email: ${user.email}`)).toBeVisible();

  // The current address agrees: the change is made, and the old address is told.
  await page.goto(toCurrent.links[0]!);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText(`Current email: ${next}`)).toBeVisible();
  await waitForEmail(request, user.email, 'Your email address was changed');
});
