import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { pageRoutes } from '../helpers/page-routes.ts';
import { VERDICTS } from '../helpers/route-verdicts.ts';
import { ownThings, routeSamples } from './route-samples.ts';
import { startSite, type SiteServer } from './servers.ts';

/**
 * The page cache never shares one person's page with another. Every page route (and every
 * shared API route) is asked for by two members, each with lists and game requests of
 * their own, and by a visitor; the cache is emptied before each of them, so each answer is
 * a render for that person. A shared route (tests/helpers/route-verdicts.ts) must be
 * stored and be the same for all three; any other route must never be stored, nor marked
 * for a shared cache. A site of its own (a new embedded database with the demo): emptying
 * the cache of the suite's server would disturb the other journeys.
 */

test.describe.configure({ mode: 'serial', timeout: 600_000 });

const MEMBER_A = 'demo_adfree';
const MEMBER_B = 'demo_premium';
/** Routes that are not pages to visit: the local auth and storage services, and the API (but its shared routes). */
const NOT_VISITED = /^\/(auth\/v1|storage\/v1|api)\//;

let site: SiteServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'shared-pages-'));
  site = await startSite(
    { PGLITE_DIR: path.join(dataDir, 'db'), STORAGE_DIR: path.join(dataDir, 'storage') },
    200,
    240_000,
  );
});
test.afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(identifier: string | null): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL: site.origin,
    extraHTTPHeaders: { origin: site.origin },
  });
  if (identifier)
    expect((await context.post('/api/auth/sign-in', { data: { identifier, password: DEMO_PASSWORD } })).status()).toBe(
      200,
    );
  return context;
}

/** The body, without what changes with each render for everyone alike (a calendar's DTSTAMP: when it was made). */
const perRender = (body: string) => body.replace(/^DTSTAMP:\d{8}T\d{6}Z\r?$/gm, 'DTSTAMP:(render time)');

interface Answer {
  status: number;
  cache: string | undefined;
  cacheControl: string | undefined;
  body: string;
}

test('every shared route is the same for two members and a visitor; every other route is never stored', async () => {
  const [admin, memberA, memberB, visitor] = await Promise.all(['demo_admin', MEMBER_A, MEMBER_B, null].map(signedIn));
  const [a] = await Promise.all([
    ownThings(memberA!, 'Shared pages check: A'),
    ownThings(memberB!, 'Shared pages check: B'),
  ]);
  const samples = await routeSamples(visitor!, MEMBER_A, a);
  const visited = pageRoutes()
    .map(({ route }) => route)
    .filter((route) => VERDICTS.get(route) === 'shared' || !NOT_VISITED.test(route));
  expect(
    visited.filter((route) => route.includes('[') && !samples[route]),
    'routes without a sample URL',
  ).toEqual([]);

  // Each person's answers, each a render for them: the cache is emptied before each one asks.
  const people = { 'member A': memberA!, 'member B': memberB!, visitor: visitor! };
  const answers: Record<string, Record<string, Answer>> = {};
  for (const [who, context] of Object.entries(people)) {
    expect((await admin!.post('/api/admin/maintenance', { data: { action: 'purge-cache' } })).status()).toBe(200);
    answers[who] = {};
    for (const route of visited) {
      const response = await context.get(samples[route] ?? route, { maxRedirects: 0 });
      const headers = response.headers();
      answers[who][route] = {
        status: response.status(),
        cache: headers['x-astro-cache'],
        cacheControl: headers['cache-control'],
        body: perRender(await response.text()),
      };
    }
  }

  const problems: string[] = [];
  for (const route of visited) {
    const seen = Object.entries(answers).map(([who, byRoute]) => ({ who, ...byRoute[route]! }));
    // Whatever the page cache keeps must be the same for everyone.
    if (VERDICTS.get(route) === 'shared' || seen.some(({ cache }) => cache !== undefined)) {
      const [first, ...others] = seen;
      for (const other of others) {
        if (other.status !== first!.status || other.body !== first!.body)
          problems.push(`${route}: ${other.who} got another page than ${first!.who}`);
      }
    }
    if (VERDICTS.get(route) === 'shared') {
      for (const { who, status, cache } of seen) {
        if (status === 200 && cache !== 'MISS')
          problems.push(`${route}: a shared page not rendered and stored for ${who} (X-Astro-Cache: ${cache})`);
      }
    } else {
      for (const { who, cache, cacheControl } of seen) {
        if (cache !== undefined)
          problems.push(`${route}: stored by the page cache for ${who} (X-Astro-Cache: ${cache})`);
        if (/public|s-maxage/.test(cacheControl ?? ''))
          problems.push(`${route}: marked for shared caches for ${who} (${cacheControl})`);
      }
    }
  }
  expect(problems).toEqual([]);

  // The member's own requests went to nobody else.
  expect(answers['member A']!['/games/request']!.body).toContain('Your requests');
  expect(answers['member B']!['/games/request']!.body).toContain('Your requests');
  expect(answers.visitor!['/games/request']!.body).not.toContain('Your requests');
  // A shared route that finds nothing rewrites to the 404 page: a 404 for everyone, not stored.
  for (const [who, context] of Object.entries(people)) {
    const missing = await context.get('/games/no-such-game-in-the-demo');
    expect(missing.status(), who).toBe(404);
    expect(missing.headers()['x-astro-cache'], who).toBeUndefined();
  }
  // A list page tells a CDN or proxy in front the list pages' lifetime.
  expect(answers.visitor!['/[username]/lists/[listname]']!.cacheControl).toBe('public, max-age=0, s-maxage=43200');
});
