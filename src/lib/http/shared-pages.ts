import type { APIContext } from 'astro';
import { sharedCacheControl, type CacheRule } from './cache-rules.ts';

/**
 * A shared page (a route of cache-rules.ts: one stored copy for every visitor) must not
 * depend on who asks. The middleware renders it through `renderShared`, which makes sure of
 * it twice:
 * - the page renders from a request that names nobody (no Cookie, no Authorization), so
 *   `Astro.cookies` and the request's headers hold nothing of the visitor's;
 * - its `Astro.locals.user` is null, and reading it or the session client is noted: that
 *   render is then answered private and not stored (the route cache refuses private
 *   answers too, server/route-cache.ts), and the route is logged.
 */

/** Request headers that name the visitor. */
const VISITOR_HEADERS = ['cookie', 'authorization'] as const;

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * The request a shared page renders from: `url` (or the request's own), without the
 * headers that name the visitor. Undefined when the request is already that.
 */
export function anonymousRequest(request: Request, url?: URL): Request | undefined {
  if (!url && !VISITOR_HEADERS.some((name) => request.headers.has(name))) return undefined;
  const headers = new Headers(request.headers);
  for (const name of VISITOR_HEADERS) headers.delete(name);
  return new Request(url ?? request.url, { method: request.method, headers, signal: request.signal });
}

type VisitorLocals = Pick<App.Locals, 'user' | 'getSupabase'>;

/**
 * Makes `locals` those of a shared page: `user` reads null, and a read of it or a call of
 * `getSupabase` is remembered. Returns what was read first, if anything. Setting `user`
 * ends the watch: the middleware does so when it runs again for a rewrite (a shared page's
 * `Astro.rewrite('/404')`), for the route rewritten to.
 */
export function watchVisitorReads(locals: VisitorLocals): () => string | undefined {
  let read: string | undefined;
  const getSupabase = locals.getSupabase;
  Object.defineProperty(locals, 'user', {
    configurable: true,
    enumerable: true,
    get: () => {
      read ??= 'Astro.locals.user';
      return null;
    },
    set: (value: App.Locals['user']) =>
      Object.defineProperty(locals, 'user', { value, writable: true, configurable: true, enumerable: true }),
  });
  locals.getSupabase = () => {
    read ??= 'Astro.locals.getSupabase()';
    return getSupabase();
  };
  return () => read;
}

/** Sets Cache-Control (by default only where the route set none itself). */
export function setCacheControl(
  response: Response,
  value: string,
  { replace = false }: { replace?: boolean } = {},
): Response {
  try {
    if (replace || !response.headers.has('cache-control')) response.headers.set('Cache-Control', value);
  } catch {
    // immutable headers (a static asset or a redirect made elsewhere): leave them
  }
  return response;
}

/**
 * Renders the shared page of `rule` through `next` (the middleware's): with the rule's
 * lifetime and tags, from `canonical` (the URL its cache key stands for) and a request that
 * names nobody, and tells shared caches in front the same lifetime. Only a complete page
 * (200) is stored; one that asked who the visitor is, or set a cookie, is answered private.
 */
export async function renderShared(
  context: Pick<APIContext, 'request' | 'routePattern' | 'locals' | 'cache' | 'cookies'>,
  rule: CacheRule,
  canonical: URL | undefined,
  next: (request?: Request) => Promise<Response>,
): Promise<Response> {
  context.cache.set({ maxAge: rule.maxAge, swr: rule.swr, tags: rule.tags ?? [] });
  const visitorRead = watchVisitorReads(context.locals);
  const response = await next(anonymousRequest(context.request, canonical));
  // A cookie set through Astro.cookies reaches the answer's headers only in the adapter, after the cache.
  const read = visitorRead() ?? (context.cookies.headers().next().done ? undefined : 'set a cookie');
  if (read) {
    // A bug in the page: it is listed as shared but asked who the visitor is.
    console.error(
      `[cache] ${context.routePattern} is a shared page but ${read.startsWith('set') ? read : `read ${read}`}: answered private and not stored`,
    );
    context.cache.set(false);
    return setCacheControl(response, PRIVATE_CACHE_CONTROL, { replace: true });
  }
  // A 404 for a game added a minute later, or a redirect, must not be served for hours.
  if (response.status !== 200) {
    context.cache.set(false);
    return response;
  }
  return setCacheControl(response, sharedCacheControl(rule));
}
