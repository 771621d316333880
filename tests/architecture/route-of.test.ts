import { describe, expect, it } from 'vitest';
import { routeOf } from '../helpers/page-routes.ts';

// The e2e accessibility audit keys its audits by the route a URL lands on.
describe('routeOf', () => {
  it('names the route Astro renders for a path', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/games')).toBe('/games');
    expect(routeOf('/games/portal-2')).toBe('/games/[slug]');
    expect(routeOf('/games/portal-2/reviews')).toBe('/games/[slug]/reviews');
    expect(routeOf('/browse/genre/action')).toBe('/browse/[...slug]');
    expect(routeOf('/authors/12/jane-doe')).toBe('/authors/[id]/[...name]');
    expect(routeOf('/demo_free')).toBe('/[username]');
    expect(routeOf('/demo_free/lists/my-list')).toBe('/[username]/lists/[listname]');
    expect(routeOf('/calendar.ics')).toBe('/calendar.ics');
  });

  it('prefers a static segment to a parameter beside it', () => {
    expect(routeOf('/games/request')).toBe('/games/request');
    expect(routeOf('/games/request/similar')).toBe('/games/request/similar');
    expect(routeOf('/games/request/approve')).toBe('/games/request/[action]');
    expect(routeOf('/dashboard/lists/create')).toBe('/dashboard/lists/create');
    expect(routeOf('/dashboard/lists/5')).toBe('/dashboard/lists/[id]');
    expect(routeOf('/login')).toBe('/login');
  });

  it('finds no route for a path nothing answers', () => {
    expect(routeOf('/a/b/c/d/e')).toBeUndefined();
  });
});
