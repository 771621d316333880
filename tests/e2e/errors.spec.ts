import { expect, test } from './fixtures.ts';
import { startSite, type SiteServer } from './servers.ts';

test('an unknown path is the Game Over 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('404 - Page Not Found | Critical Hit');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game Over!');
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse collections' })).toHaveAttribute('href', '/collections');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a game URL whose slug fails validation is a 404 that says so', async ({ page }) => {
  const response = await page.goto('/games/Not_A_Valid_Slug');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /games/Not_A_Valid_Slug')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game Over!');
});

test('a well-formed slug with no game behind it is a 404', async ({ page }) => {
  const response = await page.goto('/games/no-such-game');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page not found: /games/no-such-game')).toBeVisible();
});

test('/404, /500 and /error visited directly are the error page with their own status', async ({ page }) => {
  const notFound = await page.goto('/404');
  expect(notFound?.status()).toBe(404);
  expect(notFound?.statusText()).toBe('Not Found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game Over!');

  for (const path of ['/500', '/error']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(500);
    // Rendered on purpose: the reason phrase matches ("500 OK" before).
    expect(response?.statusText(), path).toBe('Internal Server Error');
    expect(response?.headers()['cache-control'], path).toBe('private, no-store');
    await expect(page).toHaveTitle('500 - Error | Critical Hit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Something went wrong.');
    await expect(page.getByText('An unexpected error occurred.')).toBeVisible();
  }
});

test.describe('with the database down', () => {
  let server: SiteServer | undefined;

  test.beforeAll(async () => {
    // A second server whose database refuses connections (nothing listens on port 9).
    server = await startSite({ DATABASE_URL: 'postgres://nobody@127.0.0.1:9/nothing' }, 503);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('pages answer 503 with the error page, not a stack trace', async ({ page }) => {
    const origin = server!.origin;
    const response = await page.goto(`${origin}/games`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBe('30');
    await expect(page).toHaveTitle('503 - Error | Critical Hit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Something went wrong.');
    await expect(page.getByText('The database cannot be reached right now.')).toBeVisible();
    // Nothing of the failure's internals leaks to the visitor.
    await expect(page.locator('body')).not.toContainText(/ECONNREFUSED|node_modules|\.ts:\d+|at async /);

    // Pages that need no data still work.
    expect((await page.goto(`${origin}/about`))?.status()).toBe(200);
  });

  test('API and auth requests, with a body or not, answer a JSON 503', async ({ request }) => {
    const origin = server!.origin;
    const headers = { origin, 'x-supabase-api-version': '2024-01-01' };
    const account = { email: 'nobody@example.com', password: 'Str0ng-Pass!' };
    for (const [method, path, data] of [
      ['GET', '/api/search?q=zelda', undefined],
      ['GET', '/api/auth/check-username?username=player_one', undefined],
      ['POST', '/api/auth/sign-in', { identifier: 'player_one', password: 'x' }],
      ['POST', '/api/auth/sign-in', { identifier: 'player@example.com', password: 'x' }],
    ] as const) {
      const response = await request.fetch(`${origin}${path}`, { method, headers, ...(data ? { data } : {}) });
      expect(response.status(), `${method} ${path}`).toBe(503);
      expect(response.headers()['retry-after']).toBe('30');
      expect(await response.json()).toEqual({
        error: {
          code: 'database_unavailable',
          message: 'The database cannot be reached right now. Please try again in a few moments.',
        },
      });
    }
    for (const path of ['/auth/v1/signup', '/auth/v1/token?grant_type=password']) {
      const response = await request.post(`${origin}${path}`, { headers, data: account });
      expect(response.status(), path).toBe(503);
      expect(await response.json()).toMatchObject({ code: 'database_unavailable' });
    }
  });
});
