import { randomBytes } from 'node:crypto';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { pageRoutes, routeOf } from '../helpers/page-routes.ts';
import { VERDICTS } from '../helpers/route-verdicts.ts';
import { auditInBothSchemes, axeSource, eagerIslandsPending, watchCspViolations } from './fixtures.ts';
import { ownThings, routeSamples } from './route-samples.ts';

/**
 * Every page of the site audited with axe-core in light and dark mode, by route: each page
 * route (a page file under src/pages) is opened by a visitor and, when what it shows depends
 * on who asks, by the one it is for (the demo Premium member, with a list and a game request
 * of their own, or the demo administrator, outlet owner or author). Each identity the route
 * renders for is audited; a route must render for someone, or be listed below as one that
 * only sends people on. Journeys audit the page as they leave it (fixtures.ts).
 *
 * Each identity has one page per worker, which opens route after route as a person browsing
 * would: a new context and page per route, and adding axe to each document over the
 * protocol, cost more than most audits.
 */

// Each test opens its route as up to two people and audits each page twice.
test.slow();

type Who = 'visitor' | 'member' | 'admin' | 'owner' | 'author';

/** A member with a plan that has lists, whose profile no journey makes private. */
const MEMBER = 'demo_premium';

/** Routes that render no page for anyone here: they send everyone on (to the page they name, or the one a link's code leads to). */
const ONLY_REDIRECTS = new Set([
  '/[username]/index-broken',
  '/profile/[username]',
  '/auth/callback',
  // The chooser for owners of several outlets: the demo owner has one and is sent to it.
  '/manage-outlet',
]);

/**
 * Pages that render only with a one-off token or id of one's own (an invitation, a checkout,
 * an account still without a username): audited when what they answer here is their page,
 * and not required to render. Their journeys end on them, and the fixture audits them there.
 */
const NEED_THEIR_OWN_TOKEN = new Set([
  '/auth/complete-profile',
  '/confirm',
  '/auth/author-signup',
  '/author/invite/[token]',
  '/author/link/[token]',
  '/author/verify/[token]',
  '/payment/success',
  '/subscription/test-checkout',
]);

/** The pages that answer with an error status of their own. */
const ERROR_PAGES = new Set(['/404', '/500', '/error']);

/** Page files: routes that answer a document (endpoints under src/pages are .ts). */
const PAGES = pageRoutes()
  .filter(({ file }) => /\.(astro|md|mdx|html)$/.test(file))
  .map(({ route }) => route);

/** Who opens a personal route besides a visitor: the administrator, outlet owner or author for their tools. */
function ownerOf(route: string): Who {
  if (/^\/(admin\/|games\/request\/(\[action\]|similar))/.test(route)) return 'admin';
  if (route.startsWith('/manage-outlet')) return 'owner';
  if (route.startsWith('/dashboard/author')) return 'author';
  return 'member';
}

const visitorsOf = (route: string): Who[] =>
  VERDICTS.get(route) === 'personal' ? ['visitor', ownerOf(route)] : ['visitor'];

let sessions: Partial<Record<Who, BrowserContextOptions['storageState']>>;
let samples: Record<string, string>;
const api: APIRequestContext[] = [];

interface Viewer {
  page: Page;
  /** The Content Security Policy violations reported since the viewer's last route. */
  cspViolations: string[];
}
const viewers = new Map<Who, Promise<Viewer>>();

/** The worker's page for `who`, opened the first time it is needed; axe is in each of its documents from the start. */
function viewerFor(browser: Browser, who: Who): Promise<Viewer> {
  let viewer = viewers.get(who);
  if (!viewer) {
    viewer = (async () => {
      const context = await browser.newContext(who === 'visitor' ? {} : { storageState: sessions[who] });
      await context.addInitScript({ content: axeSource });
      const page = await context.newPage();
      return { page, cspViolations: await watchCspViolations(page) };
    })();
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
  const signedIn = async (identifier: string, password: string) => {
    const context = await newApi();
    const answer = await context.post('/api/auth/sign-in', { data: { identifier, password } });
    expect(answer.status(), await answer.text()).toBe(200);
    return context;
  };
  const visitor = await newApi();
  const [member, admin, owner, author] = await Promise.all(
    [MEMBER, 'demo_admin', 'demo_owner', 'demo_author'].map((username) => signedIn(username, DEMO_PASSWORD)),
  );
  sessions = {
    member: await member!.storageState(),
    admin: await admin!.storageState(),
    owner: await owner!.storageState(),
    author: await author!.storageState(),
  };
  // Each worker makes its own (a list title is unique per member).
  const things = await ownThings(member!, `Accessibility check ${randomBytes(4).toString('hex')}`);
  samples = {
    ...(await routeSamples(visitor, MEMBER, things)),
    '/games/request/[action]': `/games/request/approve?id=${things.request.id}`,
  };
});

test.afterAll(async () => {
  await Promise.all(api.splice(0).map((context) => context.dispose()));
  const open = [...viewers.values()];
  viewers.clear();
  await Promise.all(open.map(async (viewer) => (await viewer).page.context().close()));
});

test('every page route with a parameter has a sample URL', () => {
  expect(PAGES.filter((route) => route.includes('[') && !samples[route])).toEqual([]);
});

for (const route of PAGES) {
  test(`${route} passes the audit in light and dark`, async ({ browser }) => {
    const url = samples[route] ?? route;
    const landedOn: string[] = [];
    for (const who of visitorsOf(route)) {
      const { page, cspViolations } = await viewerFor(browser, who);
      cspViolations.length = 0;
      // Sent on by the server (a visitor to a member's page): nothing to open here.
      const first = await page.context().request.get(url, { maxRedirects: 0 });
      if (first.status() >= 300 && first.status() < 400) {
        landedOn.push(`${who}: sent to ${first.headers().location}`);
        continue;
      }
      const response = await page.goto(url);
      await expect(eagerIslandsPending(page)).toHaveCount(0);
      const status = response?.status() ?? 0;
      // An error answer is the error page's, whatever the URL's route (but the error pages' own).
      const own = routeOf(new URL(page.url()).pathname);
      const landed = status >= 400 && !ERROR_PAGES.has(own!) ? `an error page` : own;
      landedOn.push(`${who}: ${landed} (${status})`);
      if (landed === route) await auditInBothSchemes(page, `${page.url()} as ${who}`);
      expect(cspViolations, `Content Security Policy violations:\n${cspViolations.join('\n')}`).toEqual([]);
    }
    const rendered = landedOn.some((line) => line.includes(`: ${route} (`));
    if (ONLY_REDIRECTS.has(route)) expect(rendered, `${url} sends everyone on: ${landedOn.join(', ')}`).toBe(false);
    else if (!NEED_THEIR_OWN_TOKEN.has(route))
      expect(rendered, `${url} renders for someone: ${landedOn.join(', ')}`).toBe(true);
  });
}
