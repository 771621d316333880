import type { APIRequestContext, APIResponse, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, fillLogin, type TestUser } from './accounts-helpers.ts';
import { expect, expectHydrated, test } from './fixtures.ts';

// A private profile shows others its name and avatar and nothing else
// (docs/decisions/private-profiles.md): every page, feed, API answer, sitemap and cached
// copy, as an anonymous visitor, a stranger, an administrator and the owner.
test.slow();

// A released demo game no other journey reviews.
const GAME = 'nba-2k16';

type Playwright = PlaywrightWorkerArgs['playwright'];

/** A signed-in API client (the site's own sign-in answer sets the session cookies). */
async function session(playwright: Playwright, identifier: string, password: string): Promise<APIRequestContext> {
  const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signedIn = await context.post('/api/auth/sign-in', { data: { identifier, password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  return context;
}

async function signIn(page: Page, user: TestUser) {
  await page.goto('/login');
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

const ok = async (response: APIResponse, status = 200) => {
  expect(response.status(), `${response.url()}: ${(await response.text()).slice(0, 300)}`).toBe(status);
  return response;
};

interface Owner {
  user: TestUser;
  lists: { id: number; title: string; href: string }[];
  review: string;
}

/** A Premium player with a public and an unlisted list, a review, XP and a follower. */
async function ownerWithThings(page: Page, stranger: APIRequestContext): Promise<Owner> {
  const user = await createConfirmedUser(page.request);
  await signIn(page, user);
  const api = page.request;
  const started = (await (
    await ok(await api.post('/api/membership/checkout', { data: { plan: 'premium', period: 'month' } }))
  ).json()) as { url: string };
  await ok(
    await api.post('/api/membership/test-checkout', {
      data: { session_id: new URL(started.url, baseURL).searchParams.get('session_id') },
    }),
  );
  const gameId = Number(/data-review-composer="(\d+)"/.exec(await (await api.get(`/games/${GAME}`)).text())?.[1]);
  expect(gameId).toBeGreaterThan(0);

  const lists = [];
  for (const visibility of ['public', 'unlisted'] as const) {
    const title = `Hidden treasures ${visibility} ${user.username}`;
    const created = (await (await ok(await api.post('/api/lists', { data: { title, visibility } }), 201)).json()) as {
      list: { id: number; slug: string };
    };
    await ok(await api.post(`/api/lists/${created.list.id}/entries`, { data: { gameId } }), 201);
    lists.push({ id: created.list.id, title, href: `/${user.username}/lists/${created.list.slug}` });
  }
  const review = `Verdict of a private reviewer ${user.username}`;
  await ok(await api.post('/api/user-reviews', { data: { gameId, rating: 8, title: review } }), 201);
  await ok(await api.post('/api/visits', { headers: { origin: baseURL } }));
  await ok(await stranger.post('/api/follows', { data: { username: user.username } }));
  await ok(await stranger.post(`/api/lists/${lists[0]!.id}/like`));
  return { user, lists, review };
}

/** The pages and answers that show a player's things to others, as `viewer` sees them. */
async function othersSee(viewer: APIRequestContext, owner: Owner) {
  const { username } = owner.user;
  const text = async (path: string) => {
    const response = await viewer.get(path);
    return { status: response.status(), body: await response.text() };
  };
  const mentions = (body: string) =>
    [owner.lists[0]!.title, owner.lists[1]!.title, `data-username="${username}"`].filter((thing) =>
      body.includes(thing),
    );
  const [profile, activity, lists, publicList, unlistedList, oldAddress] = await Promise.all([
    text(`/${username}`),
    text(`/${username}/activity`),
    text(`/${username}/lists`),
    text(owner.lists[0]!.href),
    text(owner.lists[1]!.href),
    text(`/profile/${username}`),
  ]);
  const boards = await Promise.all(['/leaderboard', '/leaderboard?period=week', '/leaderboard?period=month'].map(text));
  const discovery = await Promise.all(
    ['/lists', '/lists?sort=recent', `/lists?q=${encodeURIComponent('Hidden treasures')}`].map(text),
  );
  const feeds = await Promise.all(['/sitemap.xml', '/rss.xml', '/calendar.ics', `/api/search?q=${username}`].map(text));
  const liked = await text('/dashboard/lists/liked');
  const follow = await viewer.get(`/api/follows?username=${username}`);
  const like = await viewer.get(`/api/lists/${owner.lists[0]!.id}/like`);
  const reviews = await text(`/games/${GAME}/user-reviews?sort=newest`);
  // The year of the review and the public list, and its picture (sent on to its keyed address).
  const year = `/${username}/year/${new Date().getUTCFullYear()}`;
  const [yearPage, picture] = await Promise.all([viewer.get(year), viewer.get(`${year}.png`)]);
  return {
    profile: {
      status: profile.status,
      name: profile.body.includes(owner.user.fullName) && profile.body.includes(`@${username}`),
      private: profile.body.includes('This profile is private.'),
      details: ['Member since', 'Recent activity', 'Recent reviews', 'follower', owner.review].filter((thing) =>
        profile.body.includes(thing),
      ),
    },
    activity: { status: activity.status, feed: activity.body.includes('id="activity-heading"') },
    lists: lists.status,
    listPages: [publicList.status, unlistedList.status],
    listTitles: mentions(publicList.body + unlistedList.body + lists.body),
    oldAddress: oldAddress.status,
    boards: boards.map((board) => mentions(board.body).length),
    discovery: discovery.map((page) => mentions(page.body).length),
    feeds: feeds.map((feed) => mentions(feed.body).length + (feed.body.includes(`/${username}`) ? 1 : 0)),
    liked: mentions(liked.body).length,
    follow: follow.status(),
    like: like.status(),
    // Reviews stay on game pages, under the name and avatar.
    review: reviews.body.includes(owner.review),
    year: [yearPage.status(), picture.status(), picture.headers()['content-type']?.split(';')[0]],
  };
}

test('a private profile shows others its name and avatar and nothing else, everywhere; its owner still sees it all', async ({
  page,
  playwright,
}) => {
  const stranger = await session(playwright, (await createConfirmedUser(page.request)).email, 'Str0ng-Pass!');
  const admin = await session(playwright, 'demo_admin', DEMO_PASSWORD);
  const anonymous = await playwright.request.newContext({ baseURL });
  const owner = await ownerWithThings(page, stranger);
  const { username } = owner.user;

  const publicView = (liked: number) => ({
    profile: {
      status: 200,
      name: true,
      private: false,
      details: ['Member since', 'Recent activity', 'Recent reviews', 'follower', owner.review],
    },
    activity: { status: 200, feed: true },
    lists: 200,
    listPages: [200, 200],
    listTitles: [owner.lists[0]!.title, owner.lists[1]!.title],
    oldAddress: 200,
    boards: [1, 1, 1],
    discovery: [1, 1, 1],
    feeds: [0, 0, 0, 0],
    liked,
    follow: 200,
    like: 200,
    review: true,
    year: [200, 200, 'image/png'],
  });
  const privateView = {
    profile: { status: 200, name: true, private: true, details: [] },
    activity: { status: 200, feed: false },
    lists: 404,
    listPages: [404, 404],
    listTitles: [],
    oldAddress: 200,
    boards: [0, 0, 0],
    discovery: [0, 0, 0],
    feeds: [0, 0, 0, 0],
    liked: 0,
    follow: 404,
    like: 404,
    review: true,
    year: [404, 404, 'text/plain'],
  };

  // Public: everyone sees it all, and the cached pages hold it (a second visit is a HIT).
  expect(await othersSee(anonymous, owner)).toEqual(publicView(0));
  expect(await othersSee(stranger, owner)).toEqual(publicView(1));
  expect(await othersSee(admin, owner)).toEqual(publicView(0));
  for (const path of [`/${username}/lists`, owner.lists[0]!.href, '/leaderboard']) {
    expect((await anonymous.get(path)).headers()['x-astro-cache'], path).toBe('HIT');
  }

  // The owner turns the profile private on My profile.
  await page.goto('/dashboard/my-profile');
  const toggle = page.getByLabel(/Private profile/);
  await expectHydrated(toggle);
  await toggle.check();
  await expect(page.getByText('Your profile is now private.')).toBeVisible();

  // Everyone else, administrators included, now sees the name and avatar only; the cached copies are gone.
  expect(await othersSee(anonymous, owner)).toEqual(privateView);
  expect(await othersSee(stranger, owner)).toEqual(privateView);
  expect(await othersSee(admin, owner)).toEqual(privateView);
  for (const path of [`/${username}/lists`, owner.lists[0]!.href])
    expect((await anonymous.get(path)).headers()['x-astro-cache'], path).not.toBe('HIT');
  // Nobody can start following, liking or reporting; a follower can still leave.
  expect((await stranger.post(`/api/lists/${owner.lists[0]!.id}/like`)).status()).toBe(404);
  expect((await stranger.post(`/api/lists/${owner.lists[0]!.id}/report`, { data: { reason: 'spam' } })).status()).toBe(
    404,
  );
  const left = await stranger.delete('/api/follows', { data: { username } });
  expect(await left.json()).toEqual({ following: false, followers: null });
  expect((await stranger.post('/api/follows', { data: { username } })).status()).toBe(404);

  // The owner still sees everything of their own, told that others do not.
  await page.goto(`/${username}`);
  await expect(page.locator('[data-private-profile-owner]')).toContainText(
    'Your profile is private: other people see only your name and avatar.',
  );
  await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
  await expect(page.getByRole('link', { name: owner.lists[0]!.title })).toHaveAttribute(
    'href',
    `/dashboard/lists/${owner.lists[0]!.id}`,
  );
  await expect(page.getByRole('button', { name: /Follow/ })).toHaveCount(0);
  const ownActivity = await (await page.request.get(`/${username}/activity`)).text();
  expect(ownActivity).toContain('id="activity-heading"');
  expect(await (await page.request.get('/dashboard/lists')).text()).toContain(owner.lists[1]!.title);
  // Their year in review and its picture, stored by no cache.
  const ownYear = `/${username}/year/${new Date().getUTCFullYear()}`;
  expect((await page.request.get(ownYear)).status()).toBe(200);
  const ownPicture = await page.request.get(`${ownYear}.png`);
  expect([ownPicture.status(), ownPicture.headers()['content-type']]).toEqual([200, 'image/png']);
  expect(ownPicture.headers()['cache-control']).toBe('private, no-store');
  expect(await (await page.request.get('/api/leaderboard/me?period=week')).json()).toMatchObject({
    onBoard: false,
    rank: expect.any(Number),
  });
  expect(await (await page.request.get(`/api/follows?username=${username}`)).json()).toEqual({
    following: false,
    followers: 0,
    self: true,
  });

  // Public again: everything is back for everyone.
  await page.goto('/dashboard/my-profile');
  await expectHydrated(page.getByLabel(/Private profile/));
  await page.getByLabel(/Private profile/).uncheck();
  await expect(page.getByText('Your profile is now public.')).toBeVisible();
  expect(await othersSee(anonymous, owner)).toEqual(publicView(0));

  await Promise.all([stranger.dispose(), admin.dispose(), anonymous.dispose()]);
});
