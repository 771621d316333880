import { describe, expect, it } from 'vitest';
import { cacheRuleFor } from '../../src/lib/http/cache-key.ts';
import { routeRules } from '../../src/lib/http/cache-rules.ts';
import { pageRoutes, routeSource } from '../helpers/page-routes.ts';
import { SHARED, VERDICTS } from '../helpers/route-verdicts.ts';

/** A path of the route: each parameter filled with a value no static route beside it has. */
const samplePath = (route: string) => route.replace(/\[\.\.\.[^\]]+\]/g, 'a/b').replace(/\[[^\]]+\]/g, 'sample-value');

/**
 * Every route under src/pages has a verdict for the page cache (tests/helpers/route-verdicts.ts),
 * and a new route fails this test until it gets one; only the shared routes have a cache rule.
 */
describe('the page cache verdicts', () => {
  const routes = pageRoutes();

  it('find the routes (a sanity check on the walk itself)', () => {
    const names = routes.map(({ route }) => route);
    for (const route of [
      '/',
      '/games/[slug]',
      '/games/request',
      '/calendar.ics',
      '/[username]/lists',
      '/api/lists/[id]',
      '/browse/[...slug]',
    ]) {
      expect(names).toContain(route);
    }
  });

  it('name every route under src/pages, and only those', () => {
    const names = routes.map(({ route }) => route);
    expect(
      names.filter((route) => !VERDICTS.has(route)),
      'routes without a verdict',
    ).toEqual([]);
    expect(
      [...VERDICTS.keys()].filter((route) => !names.includes(route)),
      'verdicts without a route',
    ).toEqual([]);
  });

  it('share exactly the routes that have a cache rule', () => {
    expect(Object.keys(routeRules).sort()).toEqual([...SHARED].sort());
  });

  it('give each shared route its own rule, and no rule to any other route', () => {
    for (const { route } of routes) {
      const rule = cacheRuleFor(route, samplePath(route));
      if (VERDICTS.get(route) === 'shared') expect(rule, route).toBe(routeRules[route]);
      else expect(rule, route).toBeUndefined();
    }
  });

  it('keep shared pages from reading who is asking', () => {
    // The middleware catches it at run time too (shared-pages.ts); this finds it before.
    for (const route of routes.filter(({ route }) => VERDICTS.get(route) === 'shared')) {
      expect(routeSource(route), route.file).not.toMatch(
        /locals\.user|getSupabase|\.cookies\b|headers\.get\(['"](cookie|authorization)/i,
      );
    }
  });
});
