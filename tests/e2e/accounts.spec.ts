import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectHydrated, test } from './fixtures.ts';
import {
  createConfirmedUser,
  errorToast,
  fakeGoogle,
  fillLogin,
  newUser,
  openModal,
  toastWith,
  waitForEmail,
} from './accounts-helpers.ts';

// Journeys visit several pages, each audited with axe in light and dark mode afterwards.
test.slow();

test('register in the modal, confirm through the mailbox link, land signed in', async ({ page }) => {
  const user = newUser();
  await page.goto('/');
  const dialog = await openModal(page);
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(user.email);
  await dialog.getByLabel('Username', { exact: true }).fill(user.username);
  await expect(dialog.getByText('✓ Username is available')).toBeVisible();
  await dialog.getByLabel('Full name', { exact: true }).fill(user.fullName);
  await dialog.getByLabel('Password', { exact: true }).fill('abc');
  await expect(dialog.locator('[data-password-strength]')).toHaveAttribute('data-password-strength', 'Weak');
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await expect(dialog.getByText('Password strength:')).toContainText('Strong');
  await dialog.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/signup-success$/);
  // The success message is seen: its toast is not lost with the page that raised it.
  await expect(toastWith(page, 'Please check your email for the confirmation link')).toBeVisible();
  await expect(page.getByRole('main').getByText('Please check your email for the confirmation link')).toBeVisible();

  await page.goto('/dev/mailbox');
  const message = page.locator('li', { has: page.locator('[data-mail-to]', { hasText: user.email }) }).first();
  await expect(message.getByRole('heading', { name: 'Confirm Your Signup' })).toBeVisible();
  await message.getByRole('link', { name: 'Confirm your mail' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Hello, ${user.fullName}!` })).toBeVisible();
  await expect(page.getByText(`@${user.username}`)).toBeVisible();
  await expect(page.locator('header').getByRole('button', { name: `Account menu for ${user.username}` })).toBeVisible();
  // The PKCE code verifier went with its use: no verifier cookie is left behind.
  expect(await verifierCookies(page)).toEqual([]);
});

/** The PKCE code-verifier cookies the browser still holds (slots, index and the fixed key). */
async function verifierCookies(page: Page): Promise<string[]> {
  return (await page.context().cookies())
    .map((cookie) => cookie.name)
    .filter((name) => name.endsWith('-code-verifier'));
}

test('a taken username is reported while typing', async ({ page, request }) => {
  const existing = await createConfirmedUser(request);
  await page.goto('/login?mode=register');
  await page.getByLabel('Username', { exact: true }).fill(existing.username.toUpperCase());
  await expect(page.getByText('Username is already taken.')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill('admin');
  await expect(page.getByText('This username is reserved and cannot be used')).toBeVisible();
});

test('sign in by username in the modal, then by email on /login', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/games');
  const dialog = await openModal(page);
  await fillLogin(dialog, user.username, user.password);
  await expect(toastWith(page, 'Signed in successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/games$/);
  await expect(page.locator('header').getByRole('button', { name: `Account menu for ${user.username}` })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Hello, ${user.fullName}!` })).toBeVisible();
});

test('a wrong password shows a red error toast', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await fillLogin(page, user.email, 'Not-The-Password-1');
  await expect(errorToast(page, 'Invalid login credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // By username: the same answer, and nothing about the account.
  await fillLogin(page, user.username, 'Not-The-Password-1');
  await expect(errorToast(page, 'Invalid login credentials')).toHaveCount(2);
});

test('the sixth sign-in attempt within five minutes is refused in the browser', async ({ page }) => {
  const attempts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/auth/v1/token') || r.url().includes('/api/auth/sign-in')) attempts.push(r.url());
  });
  await page.goto('/login');
  for (let i = 1; i <= 5; i += 1) {
    // Each refusal is its own toast; earlier ones may have timed out on a slow machine.
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/auth\/v1\/token|\/api\/auth\/sign-in/.test(r.url()),
    );
    await fillLogin(page, `nobody-${i}@example.com`, 'Wrong-Password-1');
    expect((await answered).ok()).toBe(false);
    await expect(errorToast(page, 'Invalid login credentials').last()).toBeVisible();
  }
  await fillLogin(page, 'nobody-6@example.com', 'Wrong-Password-1');
  await expect(errorToast(page, 'Too many login attempts. Please try again later.')).toBeVisible();
  expect(attempts).toHaveLength(5);
});

test('forgot password: the email link leads to a new password', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toastWith(page, 'Check your email')).toBeVisible();
  await expect(toastWith(page, "We've sent you instructions to reset your password")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();

  const mail = await waitForEmail(request, user.email, 'Reset Your Password');
  await page.goto(mail.links[0]!);
  // The link names its PKCE flow (sb_flow_id), so the exchange removes that flow's verifier.
  await expect(page).toHaveURL(/\/reset-password\?sb_flow_id=[0-9a-f]+&code=/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-7');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Brand-New-Pass-7');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toastWith(page, 'Password updated')).toBeVisible();
  expect(await verifierCookies(page)).toEqual([]);

  await page.context().clearCookies();
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(errorToast(page, 'Invalid login credentials')).toBeVisible();
  await fillLogin(page, user.email, 'Brand-New-Pass-7');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once: used again it lands on the expired-link page.
  await page.goto(mail.links[0]!);
  await expect(page).toHaveURL(/\/account\/update-password\?error=expired/);
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await expect(page.getByText('Email link is invalid or has expired')).toBeVisible();
});

test('Google sign-in (test key set): a new account picks a username on /confirm', async ({ page }) => {
  const id = randomBytes(4).toString('hex');
  await fakeGoogle(page, { sub: `g-${id}`, email: `gamer-${id}@gmail.example`, name: `Gamer ${id}` });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(`Gamer ${id}`);
  await expectHydrated(page.getByLabel('Username', { exact: true }));
  await page.getByLabel('Username', { exact: true }).fill(`gamer_${id}`);
  await expect(page.getByText('✓ Username is available')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`@gamer_${id}`)).toBeVisible();
  await expect(toastWith(page, 'Profile created successfully!')).toBeVisible();

  // Next time, the profile has a username: straight to the dashboard.
  await page.context().clearCookies();
  await page.goto('/');
  const dialog = await openModal(page);
  await dialog.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a guarded page sends a visitor to /login and back after sign-in', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await fillLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
});

test('a redirect to another site is ignored (no open redirect)', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2Fsteal');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login?redirect=%2F%2Fevil.example');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('logout clears the session and returns home', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .locator('header')
    .getByRole('button', { name: `Account menu for ${user.username}` })
    .click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('header').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('?auth=signin opens the modal; backdrop and close button close it and clear the form', async ({ page }) => {
  await page.goto('/games?auth=signin');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email or username', { exact: true }).fill('someone');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await openModal(page);
  await expect(dialog.getByLabel('Email or username', { exact: true })).toHaveValue('');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('Username', { exact: true }).fill('ab');
  await expect(dialog.getByText('Username must be at least 3 characters long')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Login' }).click();
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await expect(dialog.getByLabel('Username', { exact: true })).toHaveValue('');
  await expect(dialog.getByText('Username must be at least 3 characters long')).toBeHidden();
  // The Reset Password view is named once: by the dialog's own title.
  await dialog.getByRole('tab', { name: 'Login' }).click();
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByRole('heading')).toHaveText(['Reset your password']);
  await expect(dialog).toHaveAccessibleName('Reset your password');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});

test('profile edit and settings pages work for a signed-in user', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login?redirect=%2Fprofile%2Fedit');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/profile\/edit$/);
  await expectHydrated(page.getByLabel('Bio', { exact: true }));
  await page.getByLabel('Bio', { exact: true }).fill('I review platformers.');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toastWith(page, 'Profile updated successfully!')).toBeVisible();
  // The dashboard is the player's home now; the bio shows on their profile.
  await page.goto(`/${user.username}`);
  await expect(page.getByText('I review platformers.')).toBeVisible();

  const response = await page.goto('/settings');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await page.getByLabel('New email', { exact: true }).fill(`changed-${user.username}@example.com`);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Waiting for confirmation of')).toBeVisible();
  await waitForEmail(request, `changed-${user.username}@example.com`, 'Confirm Email Change');
});
