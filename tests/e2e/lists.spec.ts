import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { CUSTOM_LISTS_PLAN_MESSAGE } from '../../src/lib/lists/lists.ts';
import { createConfirmedUser, fillLogin } from './accounts-helpers.ts';
import { expect, expectHydrated, RETURNING_VISITOR, test } from './fixtures.ts';

// Reloads or comes back to pages after writes: with the service worker, as a returning visitor.
test.use(RETURNING_VISITOR);

// Play statuses, custom lists and likes, as players use them. Every page visited is
// audited with axe (fixtures.ts).
test.slow();

async function signIn(page: Page, identifier: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillLogin(page, identifier, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function asUser(browser: Browser, identifier: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, identifier);
  return page;
}

/** Two catalogue games (first cards of the games listing). */
async function twoGames(page: Page): Promise<{ slug: string; title: string }[]> {
  await page.goto('/games');
  const links = page.getByRole('main').locator('article a[href^="/games/"]');
  const found = [];
  for (const index of [0, 1]) {
    const link = links.nth(index);
    found.push({
      slug: (await link.getAttribute('href'))!.replace('/games/', ''),
      title: (await link.textContent())!.trim(),
    });
  }
  return found;
}

test('a new player marks a game played from its page and finds it on the dashboard', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await signIn(page, user.email, user.password);
  const [game] = await twoGames(page);
  await page.goto(`/games/${game!.slug}`);
  const played = page.getByRole('group', { name: 'Play status' }).getByRole('button', { name: 'Played', exact: true });
  // The button shows the new status at once; the reload waits for the server to have it.
  const stored = page.waitForResponse(
    (response) => /\/api\/library\//.test(response.url()) && response.request().method() === 'PUT',
  );
  await played.click();
  await expect(played).toHaveAttribute('aria-pressed', 'true');
  expect((await stored).status()).toBe(200);
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Play status' }).getByRole('button', { name: 'Played', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/dashboard/games/played');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Played');
  await expect(page.getByRole('main').getByRole('link', { name: game!.title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Played 1$/ })).toBeVisible();

  await page.goto('/dashboard/games/finished');
  await expect(page.getByText('Page Not Found: /dashboard/games/finished')).toBeVisible();
});

test('an Ad-Free member makes a ranked list, reorders it by keyboard and by pointer, and another player finds and likes it', async ({
  page,
  browser,
}) => {
  const title = `Ranked picks ${randomBytes(3).toString('hex')}`;
  await signIn(page, 'adfree@demo.test');
  const games = await twoGames(page);

  await page.goto('/dashboard/lists/create');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Ranked (numbered in order)').check();
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page).toHaveURL(/\/dashboard\/lists\/edit\/\d+$/);
  const listId = page.url().split('/').pop()!;
  // The form's own navigation, not page.goto: wait for the editor as a user waits for it to load.
  await expectHydrated(page.getByRole('searchbox'));

  for (const game of games) {
    await page.getByRole('searchbox').fill(game.title);
    await page
      .getByRole('list', { name: 'Matching games' })
      .getByRole('button', { name: `Add ${game.title}`, exact: true })
      .first()
      .click();
    await expect(
      page.getByRole('list', { name: 'Games on this list' }).getByRole('link', { name: game.title, exact: true }),
    ).toBeVisible();
  }
  const entries = page.getByRole('list', { name: 'Games on this list' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);

  // Keyboard: pick up the second game (announced), move it up, drop it.
  const handle = page.getByRole('button', { name: `Reorder ${games[1]!.title}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('status').filter({ hasText: `Picked up ${games[1]!.title}, position 2 of 2.` }),
  ).toBeAttached();
  // The sensor takes keys from the moment after the pick-up; an arrow that came sooner moves
  // nothing, and the user presses it again (at the top, another press leaves the game there).
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(
      page.getByRole('status').filter({ hasText: `${games[1]!.title} moved to position 1 of 2.` }),
    ).toBeAttached({ timeout: 2_000 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'New order saved.' })).toBeAttached();
  await page.reload();
  await expectHydrated(page.getByRole('searchbox'));
  await expect(entries.first()).toContainText(games[1]!.title);

  // Pointer: drag the first game's handle below the second.
  const from = (await page.getByRole('button', { name: `Reorder ${games[1]!.title}` }).boundingBox())!;
  const to = (await entries.nth(1).boundingBox())!;
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/api/lists/${listId}/order`) && response.request().method() === 'PUT',
  );
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.75, { steps: 12 });
  await expect(
    page.getByRole('status').filter({ hasText: `${games[1]!.title} moved to position 2 of 2.` }),
  ).toBeAttached();
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(entries.first()).toContainText(games[0]!.title);

  const other = await asUser(browser, 'premium@demo.test');
  await other.goto(`/lists?sort=recent&q=${encodeURIComponent(title)}`);
  await other.getByRole('link', { name: title }).click();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(title);
  const items = other.getByRole('list', { name: 'Games on this list' }).getByRole('listitem');
  await expect(items.first()).toContainText(games[0]!.title);
  const jsonLd = JSON.parse((await other.locator('script[type="application/ld+json"]').first().textContent())!) as {
    '@type': string;
    numberOfItems: number;
  };
  expect(jsonLd).toMatchObject({ '@type': 'ItemList', numberOfItems: 2 });
  // The button shows the like at once; the reload waits until the server has it.
  const liked = other.waitForResponse(
    (response) => response.url().endsWith(`/api/lists/${listId}/like`) && response.request().method() === 'POST',
  );
  await other.getByRole('button', { name: /Like · 0 likes/ }).click();
  await expect(other.getByRole('button', { name: /Liked · 1 like$/ })).toBeVisible();
  expect((await liked).status()).toBe(200);
  await other.reload();
  await expect(other.getByRole('button', { name: /Liked · 1 like$/ })).toBeVisible();
  await other.goto('/dashboard/lists/liked');
  await expect(other.getByRole('link', { name: title })).toBeVisible();
  await other.context().close();

  // The owner sees the count and cannot like their own list.
  await page.goto(`/dashboard/lists/${listId}`);
  await expect(page.getByText(/1 likes/)).toBeVisible();
});

test('a Free member is refused a custom list with the plan named, on the page and in the API', async ({ page }) => {
  await signIn(page, 'free@demo.test');
  await page.goto('/dashboard/lists');
  await expect(page.getByText(CUSTOM_LISTS_PLAN_MESSAGE)).toBeVisible();
  const response = await page.goto('/dashboard/lists/create');
  expect(response?.status()).toBe(403);
  await expect(page.getByText('This page is for Ad-Free and Premium members.')).toBeVisible();
  const api = await page.request.post('/api/lists', { data: { title: 'Sneaky' } });
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ error: { code: 'plan_required', message: CUSTOM_LISTS_PLAN_MESSAGE } });
});

test("a private list is a 404 to anonymous visitors and strangers, by id and by slug, and the owner's own", async ({
  page,
  browser,
}) => {
  const title = `Secret ${randomBytes(3).toString('hex')}`;
  await signIn(page, 'adfree@demo.test');
  const created = await page.request.post('/api/lists', { data: { title, visibility: 'private' } });
  expect(created.status()).toBe(201);
  const { list } = (await created.json()) as { list: { id: number; slug: string } };
  const publicPath = `/demo_adfree/lists/${list.slug}`;

  expect((await page.goto(`/dashboard/lists/${list.id}`))?.status()).toBe(200);
  expect((await page.goto(`/dashboard/lists/${list.slug}`))?.status()).toBe(200);
  expect((await page.goto(`/dashboard/games/list/${list.id}`))?.url()).toMatch(
    new RegExp(`/dashboard/lists/${list.id}$`),
  );

  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(publicPath)).status()).toBe(404);
  expect((await anonymous.request.patch(`/api/lists/${list.id}`, { data: { title: 'x' } })).status()).toBe(401);
  await anonymous.close();

  const stranger = await asUser(browser, 'premium@demo.test');
  for (const path of [
    publicPath,
    `/dashboard/lists/${list.id}`,
    `/dashboard/lists/${list.slug}`,
    `/dashboard/lists/edit/${list.id}`,
  ]) {
    expect((await stranger.goto(path))?.status(), path).toBe(404);
  }
  for (const [method, path, data] of [
    ['PATCH', `/api/lists/${list.id}`, { title: 'Mine' }],
    ['DELETE', `/api/lists/${list.id}`, undefined],
    ['POST', `/api/lists/${list.id}/entries`, { gameId: 1 }],
    ['PUT', `/api/lists/${list.id}/order`, { gameIds: [] }],
    ['POST', `/api/lists/${list.id}/like`, undefined],
  ] as const) {
    const answer = await stranger.request.fetch(path, { method, data: data ?? {} });
    expect(answer.status(), `${method} ${path}`).toBe(404);
  }
  await stranger.context().close();
  expect((await page.request.get(`/api/lists/${list.id}/like`)).status()).toBe(200);
});

test('a player downloads their library from the import page, as JSON and as CSV files in a ZIP', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await signIn(page, user.email, user.password);
  const [game] = await twoGames(page);
  const { games } = (await (
    await page.request.get(`/api/library/games?q=${encodeURIComponent(game!.title)}`)
  ).json()) as { games: { id: number; slug: string }[] };
  const id = games.find((found) => found.slug === game!.slug)!.id;
  expect(
    (
      await page.request.put(`/api/library/${id}`, { data: { status: 'completed', note: 'Exported by the journey.' } })
    ).status(),
  ).toBe(200);

  await page.goto('/dashboard/import');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^critical-hit-library-\d{4}-\d{2}-\d{2}\.json$/);
  const text = readFileSync(await json.path(), 'utf8');
  expect(text).toContain(game!.title);
  expect(text).toContain('Exported by the journey.');

  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data (CSV files in a ZIP)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/^critical-hit-library-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync(await zip.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.toString('latin1')).toMatch(/\.csv/);
});

test('a HowLongToBeat import shows a preview, one unknown title is linked by hand, and a second import changes nothing', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await signIn(page, user.email, user.password);
  const [known, other] = await twoGames(page);
  const header =
    'Title,Platform,Playing,Backlog,Replay,Custom-1,Custom-2,Custom-3,Completed,Retired,Retired Notes,Start Date,Completion Date,Playthrough,Progress,Main Story,Main + Extras,Completionist,Speed Any%,Speed 100%,Storefront,Review,Review Notes,Added,Updated';
  const csv = [
    header,
    `"${known!.title}",PC,,,,,,,X,,,2025-01-02,2025-02-03,,10:30:00,,,,,,Steam,,,,`,
    `Zzqx Unknown Title,PC,X,,,,,,,,,,,,1:00:00,,,,,,,,,,`,
  ].join('\n');
  const file = { name: 'hltb.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

  await page.goto('/dashboard/import');
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'Show the preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview: 1 matched, 0 close, 1 not found' })).toBeVisible();
  const unknown = page.getByRole('form', { name: 'Link Zzqx Unknown Title' });
  await unknown.getByRole('searchbox').fill(other!.title);
  await unknown.getByRole('button', { name: 'Search' }).click();
  await unknown
    .getByRole('button', { name: `Link to ${other!.title}` })
    .first()
    .click();
  await page.getByRole('button', { name: 'Import 2 games' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 2 games updated' })).toBeVisible();

  await page.getByRole('button', { name: 'Show the preview' }).click();
  await expect(page.getByRole('heading', { name: /^Preview:/ })).toBeVisible();
  await page.getByRole('button', { name: /^Import \d+ games?$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported: 0 games updated' })).toBeVisible();

  await page.goto('/dashboard/games/completed');
  await expect(page.getByRole('main').getByRole('link', { name: known!.title, exact: true })).toBeVisible();
  await page.goto('/dashboard/games/playing');
  await expect(page.getByRole('main').getByRole('link', { name: other!.title, exact: true })).toBeVisible();
});
