import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, fillLogin, signedInRequest, type TestUser } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

// Game requests from the members' side: look a title up before asking (the games and the
// requests like it), ask, and find and back someone else's request. Every link under
// /games/request answers for whoever is shown it. (Administrators approving a request, which
// adds a game, is in admin.spec.ts.)
test.slow();

async function signIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The request of `requester` titled `title`, through the API. */
async function requestGame(api: APIRequestContext, title: string): Promise<number> {
  const response = await api.post('/api/game-requests', { data: { title, platforms: ['PC'] } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { request: { id: number } }).request.id;
}

test('a member looks a title up before requesting it, asks for it, and finds the request', async ({
  page,
  request,
}) => {
  const title = `Nebula Drift ${Date.now().toString(36)}`;
  const asker = await createConfirmedUser(request);
  await signIn(page, asker);

  await page.goto('/games/request');
  await page.getByRole('link', { name: /Is it already here\?/ }).click();
  await expect(page).toHaveURL(/\/games\/request\/similar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Is it already here?');

  // A title the catalogue has, misspelt: the game is offered.
  await page.getByLabel('Title of the game').fill('Portal II');
  await page.getByRole('button', { name: 'Look it up' }).click();
  const found = page.getByRole('region', { name: 'Like “Portal II”' });
  await expect(
    found.getByRole('region', { name: 'In the catalogue' }).getByRole('link', { name: 'Portal 2', exact: true }),
  ).toHaveAttribute('href', '/games/portal-2');

  // A new one: nothing like it, so the request form opens with the title filled in.
  await page.getByLabel('Title of the game').fill(title);
  await page.getByRole('button', { name: 'Look it up' }).click();
  await expect(page.getByText(`Nothing in the catalogue or among the requests looks like “${title}”.`)).toBeVisible();
  await page.getByRole('link', { name: `Request “${title}”` }).click();
  await expect(page).toHaveURL(/\/games\/request\/new\?title=/);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByLabel('Platforms').fill('PC');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(/\/games\/request$/);
  // Exactly its title: the Edit link beside it is named 'Edit your request for …'.
  await page.getByRole('region', { name: 'Your requests' }).getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('link', { name: 'Edit your request' })).toBeVisible();
  await expect(page.getByRole('button', { name: `I want this too: ${title}` })).toHaveCount(0);
});

test('another member finds a request by a title like it and wants it too; its requester sees the vote', async ({
  page,
  request,
  playwright,
}) => {
  const suffix = Date.now().toString(36);
  // Unlike every other title in this file, so no other test's request looks like it.
  const title = `Quartz Meridian ${suffix}`;
  const asker = await createConfirmedUser(request);
  const askerApi = await signedInRequest(playwright, asker.email, asker.password);
  try {
    const id = await requestGame(askerApi, title);
    await signIn(page, await createConfirmedUser(request));
    await page.goto(`/games/request/similar?title=${encodeURIComponent(`quartz meridian ${suffix}`)}`);
    await page.getByRole('region', { name: 'Already requested' }).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const want = page.getByRole('button', { name: `I want this too: ${title}` });
    await expect(want).toHaveAttribute('aria-pressed', 'false');
    await want.click();
    await expect(want).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('1 vote')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit your request' })).toHaveCount(0);

    // The requester's own page of it counts the vote.
    const own = await askerApi.get(`/games/request/similar/${id}`);
    expect(own.status()).toBe(200);
    expect(await own.text()).toMatch(/\b1 vote\b/);
  } finally {
    await askerApi.dispose();
  }
});

test('a request is seen by members while pending or approved; once rejected, only by its requester and administrators', async ({
  request,
  playwright,
}) => {
  const asker = await createConfirmedUser(request);
  const stranger = await createConfirmedUser(request);
  const [askerApi, strangerApi, adminApi] = await Promise.all([
    signedInRequest(playwright, asker.email, asker.password),
    signedInRequest(playwright, stranger.email, stranger.password),
    signedInRequest(playwright, 'admin@demo.test', DEMO_PASSWORD),
  ]);
  try {
    const id = await requestGame(askerApi, `Hollow Lantern ${Date.now().toString(36)}`);
    const path = `/games/request/similar/${id}`;
    const anonymous = await request.get(path, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
    expect(anonymous.headers().location).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    for (const api of [askerApi, strangerApi, adminApi]) expect((await api.get(path)).status()).toBe(200);

    const rejected = await adminApi.post(`/api/admin/game-requests/${id}`, {
      data: { action: 'reject', reason: 'Not a video game.' },
    });
    expect(rejected.status()).toBe(200);
    expect((await strangerApi.get(path)).status()).toBe(404);
    const own = await askerApi.get(path);
    expect(own.status()).toBe(200);
    expect(await own.text()).toContain('Rejected');
    expect((await adminApi.get(path)).status()).toBe(200);
  } finally {
    await Promise.all([askerApi.dispose(), strangerApi.dispose(), adminApi.dispose()]);
  }
});

/** Every distinct same-site link under /games/request on `path`, as `api` sees the page. */
async function requestLinks(api: APIRequestContext, path: string): Promise<string[]> {
  const response = await api.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const links = [...html.matchAll(/href="(\/games\/request[^"]*)"/g)].map((match) =>
    match[1]!.replaceAll('&amp;', '&'),
  );
  return [...new Set(links)];
}

/**
 * Links to no request, or to request `id`: other members' requests on the same pages may be
 * approved, rejected or withdrawn by the journeys running beside this one at any moment.
 */
function ownOrNone(id: number): (link: string) => boolean {
  return (link) => {
    const named = /\/(?:similar|edit)\/(\d+)|[?&]id=(\d+)/.exec(link);
    return !named || Number(named[1] ?? named[2]) === id;
  };
}

test('every link under /games/request answers for whoever is shown it, and the admin actions only for administrators', async ({
  request,
  playwright,
}) => {
  const member = await createConfirmedUser(request);
  const [memberApi, adminApi] = await Promise.all([
    signedInRequest(playwright, member.email, member.password),
    signedInRequest(playwright, 'admin@demo.test', DEMO_PASSWORD),
  ]);
  try {
    const title = `Lumen Harbor ${Date.now().toString(36)}`;
    const id = await requestGame(memberApi, title);
    const memberPages = [
      '/games/request',
      '/games/request/new',
      '/games/request/similar',
      `/games/request/similar?title=${encodeURIComponent(title)}`,
      `/games/request/similar/${id}`,
      `/games/request/edit/${id}`,
    ];
    const seen = new Set<string>();
    for (const path of memberPages) for (const link of await requestLinks(memberApi, path)) seen.add(link);
    expect([...seen]).toEqual(
      expect.arrayContaining([
        `/games/request/similar/${id}`,
        `/games/request/edit/${id}`,
        '/games/request/similar',
        '/games/request/new',
      ]),
    );
    for (const link of [...seen].filter(ownOrNone(id)))
      expect((await memberApi.get(link)).status(), `member: ${link}`).toBe(200);

    const adminSeen = new Set<string>();
    for (const path of ['/games/request/similar', `/games/request/similar/${id}`])
      for (const link of await requestLinks(adminApi, path)) adminSeen.add(link);
    const actions = ['approve', 'reject', 'duplicate'].map((action) => `/games/request/${action}?id=${id}`);
    expect([...adminSeen]).toEqual(expect.arrayContaining(actions));
    for (const link of [...adminSeen].filter(ownOrNone(id)))
      expect((await adminApi.get(link)).status(), `admin: ${link}`).toBe(200);

    // The admin actions are the admin area's: a 404 to everyone else, like any unknown action.
    for (const link of actions) {
      expect((await memberApi.get(link)).status(), `member: ${link}`).toBe(404);
      expect((await request.get(link, { maxRedirects: 0 })).status(), `anonymous: ${link}`).toBe(404);
    }
    expect((await adminApi.get(`/games/request/frobnicate?id=${id}`)).status()).toBe(404);
    expect((await adminApi.get('/games/request/approve?id=abc')).status()).toBe(404);
  } finally {
    await Promise.all([memberApi.dispose(), adminApi.dispose()]);
  }
});
