import { audienceOf, methodNotAllowed } from './route-errors.ts';

/**
 * Which methods a route takes. Pages take GET and HEAD; the routes under /api, /auth/v1, /storage/v1
 * (and Astro's own action and server-island endpoints) take what they export and answer
 * 405 for the rest themselves (see `otherMethods` in src/lib/http/api-route.ts). TRACE,
 * TRACK and CONNECT are never served: the web Request the routes get cannot even carry them.
 */

export const PAGE_METHODS: readonly string[] = ['GET', 'HEAD'];
const ROUTES_WITH_THEIR_OWN_METHODS = /^\/(api|auth\/v1|storage\/v1|_actions|_server-islands)(\/|$)/;
const NEVER_SERVED = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** The 405 for a method `pathname` never takes, or null. */
export function refuseMethod(pathname: string, method: string): Response | null {
  const upper = method.toUpperCase();
  if (NEVER_SERVED.has(upper)) return methodNotAllowed(pathname, audienceOf(pathname) === 'page' ? PAGE_METHODS : []);
  if (PAGE_METHODS.includes(upper) || ROUTES_WITH_THEIR_OWN_METHODS.test(pathname)) return null;
  return methodNotAllowed(pathname, PAGE_METHODS);
}
