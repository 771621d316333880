import { randomBytes } from 'node:crypto';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_OWNED_OUTLET, DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { pageRoutes } from '../helpers/page-routes.ts';
import { eagerIslandsPending, expect, test } from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { ownThings, routeSamples } from './route-samples.ts';

/**
 * Every page type at 390, 768, 1024 and 1280 px, in light and in dark mode, signed out, as a
 * signed-in member, and as the administrator, outlet owner and author on their tools: nothing
 * wider than the viewport, nothing cut off at its sides, no two header controls or text blocks
 * on top of each other, and the header in one row from 1024 px up (tests/e2e/layout-checks.ts
 * says what is measured). Each page is loaded once per identity; the viewport is resized and
 * the colour scheme switched in place, so the spec costs a page load per test, not eight.
 */

/** Phone, tablet and desktop, and the narrowest width where the header must be one row. */
const WIDTHS = [390, 768, 1024, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;
const ONE_ROW_FROM = 1024;
/** A member with a plan that has lists (the sample list is theirs). */
const MEMBER = 'demo_premium';

type Role = 'admin' | 'owner' | 'author';
type Who = 'visitor' | 'member' | Role;
const BOTH: Who[] = ['visitor', 'member'];
/** The demo account each signed-in identity is. */
const ACCOUNTS: Record<Exclude<Who, 'visitor'>, string> = {
  member: MEMBER,
  admin: 'demo_admin',
  owner: 'demo_owner',
  author: 'demo_author',
};

interface PageType {
  route: string;
  who: Who[];
  /** The address to open, when not the route's sample (a query string that opens an editor or a view). */
  url?: string;
}

/** One route of each kind of page a visitor or member sees, and who opens it. */
const PUBLIC_PAGE_TYPES: PageType[] = [
  { route: '/', who: BOTH },
  { route: '/games', who: BOTH },
  { route: '/games/[slug]', who: BOTH },
  { route: '/games/[slug]/reviews', who: BOTH },
  { route: '/games/[slug]/user-reviews', who: BOTH },
  { route: '/reviews', who: BOTH },
  { route: '/reviews/[genre]', who: BOTH },
  { route: '/browse/[...slug]', who: BOTH },
  { route: '/calendar', who: BOTH },
  { route: '/outlets', who: BOTH },
  { route: '/outlet/[slug]', who: BOTH },
  { route: '/authors/[id]/[...name]', who: BOTH },
  { route: '/collections/[slug]', who: BOTH },
  { route: '/lists', who: BOTH },
  { route: '/leaderboard', who: BOTH },
  { route: '/[username]', who: BOTH },
  { route: '/[username]/lists/[listname]', who: BOTH },
  { route: '/membership', who: BOTH },
  { route: '/about', who: BOTH },
  { route: '/login', who: ['visitor'] },
  { route: '/dashboard', who: ['member'] },
  { route: '/dashboard/notifications', who: ['member'] },
  { route: '/dashboard/my-games', who: ['member'] },
  { route: '/dashboard/lists/[id]', who: ['member'] },
  { route: '/dashboard/earn-xp', who: ['member'] },
  { route: '/profile/edit', who: ['member'] },
  { route: '/settings', who: ['member'] },
  { route: '/account/subscription', who: ['member'] },
  { route: '/games/request/new', who: ['member'] },
];

/**
 * The pages of each role's tools, one line per page: its route (opened at the route's sample
 * URL), or its route with the query string that opens an editor or a view.
 */
const TOOL_PAGES: Record<Role, string[]> = {
  admin: [
    '/admin/games',
    '/admin/games?edit=portal-2',
    '/admin/igdb',
    '/admin/missing-reviews',
    '/admin/moderation',
    '/admin/database-admin',
    '/admin/site',
    '/admin/site?view=errors',
    '/admin/site?view=contact',
    '/games/request/similar',
    '/games/request/similar/[id]',
    '/games/request/[action]',
  ],
  owner: [
    '/manage-outlet/[slug]',
    '/manage-outlet/[slug]/authors',
    '/manage-outlet/reviews',
    '/manage-outlet/reviews?edit=new',
    '/manage-outlet/previews',
    '/manage-outlet/authors',
    '/manage-outlet/settings',
    '/site-application',
  ],
  author: [
    '/dashboard/author',
    `/dashboard/author?edit=new&outlet=${DEMO_OWNED_OUTLET}`,
    '/dashboard/author-profile',
    '/auth/author-signup',
  ],
};

const PAGE_TYPES: PageType[] = [
  ...PUBLIC_PAGE_TYPES,
  ...(Object.entries(TOOL_PAGES) as [Role, string[]][]).flatMap(([role, pages]) =>
    pages.map((page) => {
      const [route = page, query] = page.split('?');
      return { route, who: [role], ...(query ? { url: page } : {}) };
    }),
  ),
];

let samples: Record<string, string>;
let sessions: Partial<Record<Who, Awaited<ReturnType<APIRequestContext['storageState']>>>>;
const api: APIRequestContext[] = [];
const viewers = new Map<Who, Promise<Page>>();

/** The worker's page for `who`, opened the first time it is needed and reused from route to route. */
function viewerFor(browser: Browser, who: Who): Promise<Page> {
  let viewer = viewers.get(who);
  if (!viewer) {
    viewer = browser
      .newContext(who === 'visitor' ? {} : { storageState: sessions[who] })
      .then((context) => context.newPage());
    viewers.set(who, viewer);
  }
  return viewer;
}

test.beforeAll(async ({ baseURL }) => {
  const newApi = async () => {
    const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    api.push(context);
    return context;
  };
  const signedIn = async (who: Exclude<Who, 'visitor'>) => {
    const context = await newApi();
    const answer = await context.post('/api/auth/sign-in', {
      data: { identifier: ACCOUNTS[who], password: DEMO_PASSWORD },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    return [who, context] as const;
  };
  const visitor = await newApi();
  const contexts = new Map(await Promise.all((['member', 'admin', 'owner', 'author'] as const).map(signedIn)));
  sessions = Object.fromEntries(
    await Promise.all([...contexts].map(async ([who, context]) => [who, await context.storageState()] as const)),
  );
  // Each worker makes its own (a list title is unique per member).
  const things = await ownThings(contexts.get('member')!, `Layout check ${randomBytes(4).toString('hex')}`);
  samples = {
    ...(await routeSamples(visitor, MEMBER, things)),
    // The administrator's page for deciding the member's pending request.
    '/games/request/[action]': `/games/request/approve?id=${things.request.id}`,
  };
});

test.afterAll(async () => {
  await Promise.all(api.splice(0).map((context) => context.dispose()));
  const open = [...viewers.values()];
  viewers.clear();
  await Promise.all(open.map(async (page) => (await page).context().close()));
});

test('every page type is a page route', () => {
  const routes = new Set(pageRoutes().map(({ route }) => route));
  expect(PAGE_TYPES.map(({ route }) => route).filter((route) => !routes.has(route))).toEqual([]);
});

/** "a member", "an owner". */
const oneOf = (who: Who) => `${/^[aeiou]/.test(who) ? 'an' : 'a'} ${who}`;

for (const { route, who: identities, url: own } of PAGE_TYPES) {
  for (const who of identities) {
    test(`${own ?? route} as ${oneOf(who)} fits every width in light and dark`, async ({ browser }) => {
      const page = await viewerFor(browser, who);
      const url = own ?? samples[route] ?? route;
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(eagerIslandsPending(page)).toHaveCount(0);
      // The header as its visitor sees it once its scripts have run.
      const account = page.locator('[data-site-header] [data-header-account]');
      if (who !== 'visitor') await expect(page.locator('[data-site-header] [data-notification-bell]')).toBeVisible();
      else await expect(account.getByRole('button', { name: 'Sign in' })).toBeVisible();

      const problems: string[] = [];
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          // The new layout is the one of the next frame.
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          const found = await page.evaluate(layoutProblems, { oneRowFrom: ONE_ROW_FROM });
          problems.push(...found.map((problem) => `${width} px, ${colorScheme}: ${problem}`));
        }
      }
      expect(problems, `${url} as ${oneOf(who)}`).toEqual([]);
    });
  }
}

test('a profile shows its follower count once, and its bio clear of the level card', async ({ browser }) => {
  const page = await viewerFor(browser, 'visitor');
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto(`/${MEMBER}`);
  await expect(page.locator('[data-follower-count]')).toHaveCount(1);
  await expect(page.getByText(/\bfollowers?\b/)).toHaveCount(1);
  const bio = await page.locator('[data-profile-bio]').boundingBox();
  const card = await page.getByRole('region', { name: 'Level and followers' }).boundingBox();
  expect(card!.y - (bio!.y + bio!.height)).toBeGreaterThanOrEqual(16);
});

test('every follow control has one look: in review rows and on profiles, signed in or out', async ({ browser }) => {
  const look = (control: Locator) =>
    control.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.height, style.fontSize, style.fontWeight, style.borderRadius, style.paddingLeft].join(' ');
    });
  const [visitor, member] = [await viewerFor(browser, 'visitor'), await viewerFor(browser, 'member')];
  const reviews = samples['/games/[slug]/reviews']!;
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto(reviews);
  const expected = await look(visitor.locator('[data-follow-outlet] a').first());
  await member.setViewportSize({ width: 1280, height: 900 });
  await member.goto(reviews);
  const row = member.locator('[data-follow-outlet] button').first();
  await expect(row).toBeEnabled();
  expect(await look(row)).toBe(expected);
  await member.goto('/demo_free');
  const profile = member.locator('[data-follow] button');
  await expect(profile).toBeEnabled();
  expect(await look(profile)).toBe(expected);
});
