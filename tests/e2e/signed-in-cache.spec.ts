import { createConfirmedUser, fillLogin } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

// The catalogue and accounts meet here: catalogue pages are cached for everyone, so a
// signed-in visitor's account must come from the browser, never from the cached HTML.
test('a signed-in visitor sees their account on a cached game page, and the cached page stays anonymous', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await fillLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const response = await page.goto('/games/portal-2');
  expect(response?.headers()['x-astro-cache']).toMatch(/HIT|MISS|STALE/);
  await expect(page.locator('header').getByRole('button', { name: `Account menu for ${user.username}` })).toBeVisible();

  // The same URL fetched without the session: identical HTML, naming nobody.
  const anonymous = await request.get('/games/portal-2', { headers: { cookie: '' } });
  const html = await anonymous.text();
  expect(html).not.toContain(user.username);
  expect(html).not.toContain(user.email);
  expect(html).toBe(await (await page.request.get('/games/portal-2')).text());

  // Pages made for the user are never stored by a shared cache.
  const dashboard = await page.request.get('/dashboard');
  expect(dashboard.headers()['cache-control']).toBe('private, no-store');
  expect(dashboard.headers()['x-astro-cache']).toBeUndefined();
});
