import { defineMiddleware, sequence } from 'astro:middleware';
import { hasAuthCookie } from './lib/auth/cookies.ts';
import { guardResolvers } from './lib/auth/guard-resolvers.server.ts';
import { guardsFor, runGuards } from './lib/auth/guards.ts';
import { getProfile, getUserTier } from './lib/auth/profiles.server.ts';
import { createSupabaseServerClient, userFromSession } from './lib/auth/supabase-server.ts';
import type { Tier } from './lib/auth/tiers.ts';
import { getDb } from './lib/db/db.server.ts';
import { isDatabaseUnavailable } from './lib/db/errors.ts';
import { getEnv } from './lib/config/env.ts';
import { canonicalRouteUrl } from './lib/http/cache-key.ts';
import { isNeverCached, routeRules } from './lib/http/cache-rules.ts';
import { securityHeaders } from './lib/http/security-headers.server.ts';

const DATABASE_DOWN_MESSAGE = 'The database cannot be reached right now. Please try again in a few moments.';

/** Paths the session check never needs: the auth service itself and the dev mailbox. */
const NO_SESSION_CHECK = /^\/(auth\/v1|dev)(\/|$)/;

const sessionAndCache = defineMiddleware(async (context, next) => {
  // Pages that depend on who is asking are never cached, whatever a route rule says;
  // cached public pages render the same for every visitor: no session work, no cookies read.
  const neverCached = isNeverCached(context.url.pathname);
  if (neverCached) context.cache.set(false);
  const cachedRoute = !neverCached && Object.hasOwn(routeRules, context.routePattern);
  let supabase: ReturnType<typeof createSupabaseServerClient> | undefined;
  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    clientAddress = undefined;
  }
  context.locals.getSupabase = () =>
    (supabase ??= createSupabaseServerClient({ request: context.request, url: context.url, cookies: context.cookies, clientAddress }));
  context.locals.user = null;

  let response: Response;
  try {
    if (!cachedRoute && !NO_SESSION_CHECK.test(context.url.pathname) && hasAuthCookie(context.request.headers.get('cookie'))) {
      context.locals.user = await userFromSession(context.locals.getSupabase()).catch((error: unknown) => {
        console.error(`[auth] session check failed: ${(error as Error).message}`);
        return null;
      });
    }

    // Guards on cached routes (author-url) must not depend on the visitor: the user is null there.
    const guards = guardsFor(context.url.pathname);
    if (guards.length > 0) {
      const user = context.locals.user;
      let tier: Promise<Tier> | undefined;
      const outcome = await runGuards(guards, {
        url: context.url,
        user,
        tier: () => (tier ??= user ? getDb().then((db) => getUserTier(db, user.id)) : Promise.resolve('free')),
        hasUsername: async () => Boolean(user && (await getProfile(await getDb(), user.id))?.username),
        resolvers: guardResolvers,
      });
      if (outcome.kind === 'redirect') return context.redirect(outcome.location, outcome.status ?? 302);
      if (outcome.kind === 'deny') {
        context.locals.pageError = { status: outcome.status, message: outcome.message };
        response = await next(outcome.status === 404 ? '/404' : '/error');
        return privateResponse(response);
      }
    }

    // A cached page renders from exactly the query its cache key keeps (cache-key.ts).
    response = await next(cachedRoute ? canonicalRouteUrl(context.url) : undefined);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // An outage is a 503 page with a retry hint, never a stack trace or a cached error.
    console.error(`[db] ${context.url.pathname}: database unavailable: ${(error as Error).message}`);
    context.cache.set(false);
    context.locals.pageError = { status: 503, message: DATABASE_DOWN_MESSAGE };
    response = await next('/error');
    response.headers.set('Retry-After', '30');
    return response;
  }
  // Only complete pages are cached: a 404 for a game added a minute later, or a redirect,
  // must not be served from the cache for the next twelve hours.
  if (response.status !== 200) context.cache.set(false);
  // Everything outside the route cache may carry per-user content: never stored by a shared cache.
  return cachedRoute ? response : privateResponse(response);
});

// Security headers on every answer (and each page's Content Security Policy) come first.
export const onRequest = sequence(securityHeaders(() => getEnv()), sessionAndCache);

function privateResponse(response: Response): Response {
  try {
    if (!response.headers.has('cache-control')) response.headers.set('Cache-Control', 'private, no-store');
  } catch {
    // immutable headers (a static asset or a redirect made elsewhere): leave them
  }
  return response;
}
