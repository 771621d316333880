import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, setConnector } from '../../src/lib/db/db.server.ts';
import { DatabaseUnavailableError } from '../../src/lib/db/errors.ts';

/**
 * The API routes as Astro calls them, with the database unreachable: a route that refuses
 * an anonymous caller (or tells them they are signed out) does so before it opens the
 * database, so a visitor is told to sign in, not that the site is down, and costs nothing;
 * a method a route does not take is a 405 that opens nothing either.
 */

const ROUTES = import.meta.glob<Record<string, unknown>>('../../src/pages/api/**/*.ts');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Route methods that serve anonymous callers from the database (or fail on purpose). */
const READ_FOR_VISITORS = new Set([
  'GET auth/check-username.ts', // is a username free
  'POST auth/sign-in.ts',
  'POST contact.ts',
  'POST errors.ts', // browser error reports
  'POST event.ts', // page views
  'GET follows.ts', // follower counts
  'GET health.ts',
  'GET lists/[id]/like.ts', // a public list's likes
  'GET search.ts',
  'GET sentry-example-api.ts',
]);

/** A plausible value for each route parameter. */
const PARAMS: Record<string, string> = {
  id: '1',
  gameId: '1',
  kind: 'user-review',
  path: 'drafts',
  job: 'release-critic-embargoes',
  collection: 'lucide',
};

let opened = 0;

beforeAll(() => {
  setConnector(() => {
    opened += 1;
    return Promise.reject(new DatabaseUnavailableError('unreachable in this test'));
  });
});
afterAll(() => closeDatabase());

function anonymousCall(file: string, method: string): APIContext {
  const names = [...file.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((match) => match[1]!);
  const url = new URL(`http://site.test/api/${file.replace(/(\/index)?\.ts$/, '')}`);
  const locals = {
    user: null,
    getSupabase: () => {
      throw new Error('an anonymous caller has no session');
    },
  };
  return {
    request: new Request(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? null : '{}',
    }),
    url,
    params: Object.fromEntries(names.map((name) => [name, PARAMS[name] ?? 'x'])),
    locals,
    clientAddress: '203.0.113.9',
  } as unknown as APIContext;
}

async function routeMethods(): Promise<{ file: string; method: string; route: APIRoute; all?: APIRoute }[]> {
  const found = [];
  for (const [path, load] of Object.entries(ROUTES)) {
    const module = await load();
    const file = path.replace('../../src/pages/api/', '');
    for (const method of METHODS) {
      const route = module[method];
      if (typeof route === 'function')
        found.push({ file, method, route: route as APIRoute, all: module.ALL as APIRoute });
    }
  }
  return found;
}

describe('API routes and the database', () => {
  it('answer an anonymous caller without opening the database, unless they serve visitors from it', async () => {
    const methods = await routeMethods();
    expect(methods.length).toBeGreaterThan(80);
    const opening: string[] = [];
    for (const { file, method, route } of methods) {
      const name = `${method} ${file}`;
      if (READ_FOR_VISITORS.has(name)) continue;
      opened = 0;
      const status = await Promise.resolve(route(anonymousCall(file, method))).then(
        (response) => response.status,
        (error: unknown) => (error instanceof DatabaseUnavailableError ? 'database opened' : String(error)),
      );
      if (opened > 0 || typeof status === 'string') opening.push(`${name}: ${status}`);
    }
    expect(opening).toEqual([]);
  });

  it('answer a method they do not take with 405, opening nothing', async () => {
    const files = new Map((await routeMethods()).map(({ file, all }) => [file, all]));
    for (const [file, all] of files) {
      if (!all) continue;
      opened = 0;
      const response = await all(anonymousCall(file, 'OPTIONS'));
      expect(response.status, file).toBe(405);
      expect(opened, file).toBe(0);
    }
  });
});
