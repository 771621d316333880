import type { Browser, Page } from '@playwright/test';
import { createConfirmedUser } from './accounts-helpers.ts';
import { expect, expectHydrated, test } from './fixtures.ts';

// A player takes their whole library to another account: export.zip or export.json from the
// import page, picked in the importer of the new account, restores every status, date, note,
// flag, list and entry. Each page visited is audited with axe (fixtures.ts).
// Three accounts, two imports and every page audited on a shared machine: more than the default.
test.setTimeout(360_000);

/**
 * A new confirmed player, signed in in a browser of their own and on Premium (lists need it),
 * both through the API the site's forms call (the sign-in form and the test checkout have
 * journeys of their own).
 */
async function premiumPlayer(browser: Browser): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const user = await createConfirmedUser(page.request);
  expect(
    (
      await page.request.post('/api/auth/sign-in', { data: { identifier: user.email, password: user.password } })
    ).status(),
  ).toBe(200);
  const checkout = await page.request.post('/api/membership/checkout', { data: { plan: 'premium', period: 'year' } });
  const session = new URL(((await checkout.json()) as { url: string }).url, 'http://site').searchParams.get(
    'session_id',
  );
  expect((await page.request.post('/api/membership/test-checkout', { data: { session_id: session } })).status()).toBe(
    200,
  );
  return { page, username: user.username };
}

async function gameIds(page: Page, count: number): Promise<{ id: number; title: string; slug: string }[]> {
  await page.goto('/games');
  const cards = await page
    .getByRole('main')
    .locator('article a[href^="/games/"]')
    .evaluateAll((links) =>
      links.map((link) => ({
        slug: link.getAttribute('href')!.replace('/games/', ''),
        title: (link.textContent ?? '').trim(),
      })),
    );
  const found: { id: number; title: string; slug: string }[] = [];
  for (const card of cards) {
    if (found.length === count) break;
    if (!card.title || found.some((game) => game.slug === card.slug)) continue;
    const answer = (await (
      await page.request.get(`/api/library/games?q=${encodeURIComponent(card.title)}`)
    ).json()) as { games: { id: number; slug: string; title: string }[] };
    const game = answer.games.find((candidate) => candidate.slug === card.slug);
    if (game) found.push(game);
  }
  return found;
}

test('a player moves their library to a new account with export.zip and export.json', async ({ browser }) => {
  const source = await premiumPlayer(browser);
  const games = await gameIds(source.page, 3);
  expect(games).toHaveLength(3);
  const states = [
    {
      status: 'completed',
      favourite: true,
      hoursPlayed: 41.5,
      startedOn: '2025-01-02',
      finishedOn: '2025-02-03',
      note: '=SUM(A1) is how I felt',
    },
    { status: 'playing', hoursPlayed: 3, note: 'Halfway, "no spoilers"' },
    { wishlist: true },
  ];
  for (const [i, state] of states.entries())
    expect((await source.page.request.put(`/api/library/${games[i]!.id}`, { data: state })).status()).toBe(200);
  const created = await source.page.request.post('/api/lists', {
    data: { title: '@Best of the year', description: '-- ranked, mine', visibility: 'unlisted', ranked: true },
  });
  expect(created.status()).toBe(201);
  const list = ((await created.json()) as { list: { id: number; slug: string } }).list;
  for (const game of [games[2]!, games[0]!])
    expect(
      (
        await source.page.request.post(`/api/lists/${list.id}/entries`, {
          data: { gameId: game.id, note: `+${game.title}` },
        })
      ).status(),
    ).toBe(201);

  // The two downloads of the import page.
  await source.page.goto('/dashboard/import');
  const files: Record<'zip' | 'json', string> = { zip: '', json: '' };
  for (const [kind, name] of [
    ['zip', 'Download my data (CSV files in a ZIP)'],
    ['json', 'Download my data (JSON)'],
  ] as const) {
    const download = source.page.waitForEvent('download');
    await source.page.getByRole('link', { name }).click();
    files[kind] = (await (await download).path())!;
  }

  const expected = async (page: Page) => {
    const answer = await page.request.get('/api/library/export.json');
    const data = (await answer.json()) as { statuses: Record<string, unknown>[]; lists: Record<string, unknown>[] };
    return {
      statuses: data.statuses.map(({ updated_at: _at, ...row }) => row),
      lists: data.lists.map(({ created_at: _at, ...rest }) => rest),
    };
  };
  const original = await expected(source.page);
  expect(original.statuses).toHaveLength(3);

  for (const kind of ['zip', 'json'] as const) {
    const target = await premiumPlayer(browser);
    const { page } = target;
    await page.goto('/dashboard/import');
    const input = page.getByLabel('File', { exact: true });
    await expectHydrated(input);
    // Left on the first format: the importer recognises its own export.
    await input.setInputFiles(files[kind]);
    await page.getByRole('button', { name: 'Show the preview' }).click();
    await expect(page.getByRole('heading', { name: 'Preview: 3 matched, 0 close, 0 not found' })).toBeVisible();
    await expect(page.getByText('1 list with 2 games: @Best of the year.')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Critical Hit export/ })).toBeChecked();
    await page.getByRole('button', { name: 'Import 3 games' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Imported: 3 games updated, 0 skipped. Lists: 1 created, 0 added to, 2 games added.' }),
    ).toBeVisible();

    await page.goto('/dashboard/games/completed');
    await expect(page.getByRole('main').getByRole('link', { name: games[0]!.title, exact: true })).toBeVisible();
    await page.goto(`/${target.username}/lists/${list.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: '@Best of the year' })).toBeVisible();
    await expect(page.getByRole('main').getByText(`+${games[2]!.title}`)).toBeVisible();
    expect(await expected(page), `imported from export.${kind}`).toEqual(original);
    await page.context().close();
  }
  await source.page.context().close();
});
