import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from './fixtures.ts';

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

test('/404 and /error exist as pages', async ({ page }) => {
  expect((await page.goto('/404'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game Over!');

  expect((await page.goto('/error'))?.status()).toBe(500);
  await expect(page).toHaveTitle('500 - Error | Critical Hit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Something went wrong.');
  await expect(page.getByText('An unexpected error occurred.')).toBeVisible();
});

test.describe('with the database down', () => {
  const port = 4398;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    // A second server whose database refuses connections (nothing listens on port 9).
    server = spawn(process.execPath, ['scripts/start.ts'], {
      env: { ...process.env, PORT: String(port), HOST: 'localhost', DATABASE_URL: 'postgres://nobody@127.0.0.1:9/nothing', SITE_URL: `http://localhost:${port}` },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await fetch(`http://localhost:${port}/api/health`).catch(() => undefined))?.status, { timeout: 30_000 })
      .toBe(503);
  });

  test.afterAll(() => {
    server?.kill();
  });

  test('pages answer 503 with the error page, not a stack trace', async ({ page }) => {
    const response = await page.goto(`http://localhost:${port}/games`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBe('30');
    await expect(page).toHaveTitle('503 - Error | Critical Hit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Something went wrong.');
    await expect(page.getByText('The database cannot be reached right now.')).toBeVisible();
    // Nothing of the failure's internals leaks to the visitor.
    await expect(page.locator('body')).not.toContainText(/ECONNREFUSED|node_modules|\.ts:\d+|at async /);

    // Pages that need no data still work.
    expect((await page.goto(`http://localhost:${port}/about`))?.status()).toBe(200);
  });
});
