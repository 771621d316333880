import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_OWNED_OUTLET } from '../../src/lib/seed/demo/accounts.server.ts';

/**
 * A URL for every route with a parameter, made from the demo data and a member's own things,
 * for the specs that visit every route (shared-pages.spec.ts, accessibility.spec.ts).
 */

const GAME = 'portal-2';

export interface OwnThings {
  list: { id: number; slug: string };
  request: { id: number };
}

/** What a member has of their own: a public list and a pending game request, titled after `label`. */
export async function ownThings(member: APIRequestContext, label: string): Promise<OwnThings> {
  const list = await member.post('/api/lists', { data: { title: `${label}'s list`, visibility: 'public' } });
  expect(list.status(), await list.text()).toBe(201);
  const asked = await member.post('/api/game-requests', { data: { title: `${label}'s request`, platforms: ['PC'] } });
  expect(asked.status(), await asked.text()).toBe(201);
  return {
    list: ((await list.json()) as { list: OwnThings['list'] }).list,
    request: ((await asked.json()) as { request: OwnThings['request'] }).request,
  };
}

/** The first path on `page` matching `pattern` (a link the demo data makes). */
export async function linkOn(visitor: APIRequestContext, page: string, pattern: RegExp): Promise<string> {
  const found = pattern.exec(await (await visitor.get(page)).text())?.[0];
  expect(found, `a link like ${pattern} on ${page}`).toBeDefined();
  return found!;
}

/** Sample URLs of the routes with parameters; `member` owns `things`. */
export async function routeSamples(
  visitor: APIRequestContext,
  member: string,
  things: OwnThings,
): Promise<Record<string, string>> {
  const genre = await linkOn(visitor, '/reviews', /\/reviews\/[a-z0-9-]+(?=")/);
  return {
    '/[username]': `/${member}`,
    '/[username]/activity': `/${member}/activity`,
    '/[username]/index-broken': `/${member}/index-broken`,
    '/[username]/lists': `/${member}/lists`,
    '/[username]/lists/[listname]': `/${member}/lists/${things.list.slug}`,
    // The member's public list of `things` was made this year: a year with activity.
    '/[username]/year/[year]': `/${member}/year/${new Date().getUTCFullYear()}`,
    '/[username]/year/[year].png': `/${member}/year/${new Date().getUTCFullYear()}.png`,
    '/add-game/[slug]': `/add-game/${GAME}`,
    '/author/invite/[token]': '/author/invite/not-a-token',
    '/author/link/[token]': '/author/link/not-a-token',
    '/author/verify/[token]': '/author/verify/not-a-token',
    '/authors/[id]/[...name]': await linkOn(visitor, `/outlet/${DEMO_OWNED_OUTLET}`, /\/authors\/\d+\/[a-z0-9-]+/),
    '/browse/[...slug]': await linkOn(visitor, '/browse', /\/browse\/genre\/[a-z0-9-]+/),
    '/collections/[slug]': await linkOn(visitor, '/collections', /\/collections\/[a-z0-9-]+/),
    '/dashboard/games/[status]': '/dashboard/games/playing',
    '/dashboard/lists/[id]': `/dashboard/lists/${things.list.id}`,
    '/dashboard/lists/edit/[id]': `/dashboard/lists/edit/${things.list.id}`,
    '/games/[slug]': `/games/${GAME}`,
    '/games/[slug]/previews': `/games/${GAME}/previews`,
    '/games/[slug]/reviews': `/games/${GAME}/reviews`,
    '/games/[slug]/similar-games': `/games/${GAME}/similar-games`,
    '/games/[slug]/user-reviews': `/games/${GAME}/user-reviews`,
    '/games/request/[action]': '/games/request/approve',
    '/games/request/edit/[id]': `/games/request/edit/${things.request.id}`,
    '/games/request/similar/[id]': `/games/request/similar/${things.request.id}`,
    '/manage-outlet/[slug]': `/manage-outlet/${DEMO_OWNED_OUTLET}`,
    '/manage-outlet/[slug]/authors': `/manage-outlet/${DEMO_OWNED_OUTLET}/authors`,
    '/outlet/[slug]': `/outlet/${DEMO_OWNED_OUTLET}`,
    '/outlet/components/ReviewSection': `/outlet/components/ReviewSection?outlet=${DEMO_OWNED_OUTLET}`,
    '/profile/[username]': `/profile/${member}`,
    '/publishers/[name]': await linkOn(visitor, `/games/${GAME}`, /\/publishers\/[a-z0-9-]+/),
    '/reviews/[genre]': genre,
    '/reviews/[genre]/[year]': await linkOn(visitor, genre, new RegExp(`${genre}/\\d{4}`)),
    // The demo's sitemap fits in one file: no split files (a 404 for everyone).
    '/sitemaps/[file]': '/sitemaps/games-1.xml',
    '/api/search': '/api/search?q=portal',
  };
}
