import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware, sequence } from 'astro:middleware';
import { isAdminPath } from './lib/admin/admin.ts';
import { isAdmin } from './lib/admin/admin.server.ts';
import { clientAddressOf } from '../functions/auth/context.ts';
import { describeError } from '../functions/auth/redact.ts';
import { hasAuthCookie } from './lib/auth/cookies.ts';
import { guardResolvers } from './lib/auth/guard-resolvers.server.ts';
import { guardsFor, runGuards } from './lib/auth/guards.ts';
import { getProfile, getUserTier } from './lib/auth/profiles.server.ts';
import { createSupabaseServerClient, userFromSession } from './lib/auth/supabase.server.ts';
import type { Tier } from './lib/auth/tiers.ts';
import { getDb } from './lib/db/db.server.ts';
import { getEnv } from './lib/config/env.ts';
import { ON_VERCEL } from './lib/config/platform.server.ts';
import { isDatabaseUnavailable, isInvalidInput } from './lib/db/errors.ts';
import { refuseOversizedBody } from './lib/http/body-limits.ts';
import { cacheRuleFor, canonicalRouteUrl } from './lib/http/cache-key.ts';
import { refuseMethod } from './lib/http/methods.ts';
import { refuseBadText } from './lib/http/request-text.ts';
import { remoteServiceFailed } from './lib/http/remote.server.ts';
import {
  audienceOf,
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailable,
  OUTAGE_RETRY_AFTER_SECONDS,
  remoteServiceUnavailable,
  routeError,
} from './lib/http/route-errors.ts';
import { MESSAGES } from './lib/auth/validation.ts';
import { securityHeaders } from './lib/http/security-headers.server.ts';
import { PRIVATE_CACHE_CONTROL, renderShared, setCacheControl } from './lib/http/shared-pages.ts';
import { reportServerError } from './lib/errors/server-errors.server.ts';

/** Paths the session check never needs: the local auth and storage services and the dev mailbox. */
const NO_SESSION_CHECK = /^\/(auth\/v1|storage\/v1|dev)(\/|$)/;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The in-process auth and storage services of the embedded and self-hosted modes; never part of the Vercel build. */
const localServices = () =>
  ON_VERCEL || getEnv().mode === 'supabase' ? undefined : import('../functions/local-supabase.ts');

const sessionAndCache = defineMiddleware(async (context, next) => {
  const refused = refuseRequest(context) ?? (await refuseBadText(context.url, context.request));
  if (refused) {
    context.cache.set(false);
    return refused;
  }

  // The page cache's verdict is the rendering route's own (cache-rules.ts), never the URL's:
  // a shared route renders the same for every visitor (no session work, no cookies), and
  // nothing else is stored (shared-pages.ts).
  context.cache.set(false);
  const rule = cacheRuleFor(context.routePattern, context.url.pathname);
  let supabase: ReturnType<typeof createSupabaseServerClient> | undefined;
  // In local modes the server's supabase client calls the in-process auth and storage services directly.
  const local = await localServices();
  // Cookies the local auth service sets for the browser (its device cookie after a sign-in by username).
  const authCookies: string[] = [];
  const localFetch = local?.localSupabaseFetch({
    clientAddress: clientAddressOf(context),
    cookies: context.request.headers.get('cookie'),
    setCookie: (cookie) => authCookies.push(cookie),
  });
  context.locals.getSupabase = () =>
    (supabase ??= createSupabaseServerClient(
      { request: context.request, url: context.url, cookies: context.cookies },
      { fetch: localFetch },
    ));
  context.locals.user = null;

  let response: Response;
  // Hosted Supabase Auth gave no answer about the visitor's session (logged where it failed).
  let authFailure: Error | undefined;
  try {
    if (!rule && !NO_SESSION_CHECK.test(context.url.pathname) && hasAuthCookie(context.request.headers.get('cookie'))) {
      // A session ended elsewhere (logout, sign out everywhere, refresh-token reuse, account
      // deleted) stops here within seconds; writes are always checked against the auth server.
      const check = { write: !SAFE_METHODS.has(context.request.method), isSessionLive: local?.localSessionIsLive };
      context.locals.user = await userFromSession(context.locals.getSupabase(), check).catch((error: unknown) => {
        // The visitor is treated as signed out where a page allows it; where it needs a user,
        // the answer is "Server error. Please try again later.", not the sign-in page.
        if (remoteServiceFailed(error)) {
          // Only errors are a remote service's failure.
          authFailure = error as Error;
          return null;
        }
        if (isDatabaseUnavailable(error)) throw error;
        console.error(`[auth] session check failed: ${describeError(error)}`);
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
      if (outcome.kind === 'redirect') {
        if (authFailure && new URL(outcome.location, context.url).pathname === '/login') throw authFailure;
        return context.redirect(outcome.location, outcome.status ?? 302);
      }
      if (outcome.kind === 'deny') {
        context.locals.pageError = { status: outcome.status, message: outcome.message };
        response = await next(outcome.status === 404 ? '/404' : '/error');
        return privateResponse(response);
      }
    }

    // The admin area answers 404 to everyone but administrators, read from the database each time.
    if (isAdminPath(context.url.pathname) && !(await isAdmin(await getDb(), context.locals.user?.id))) {
      if (audienceOf(context.url.pathname) !== 'page')
        return routeError(context.url.pathname, 404, 'not_found', 'Not Found');
      context.locals.pageError = { status: 404, message: `Page Not Found: ${context.url.pathname}` };
      return privateResponse(await next('/404'));
    }

    // A shared page renders from exactly the query its cache key keeps (cache-key.ts), from
    // a request without the visitor's cookies, and does not see the user.
    if (rule) return await renderShared(context, rule, canonicalRouteUrl(context.url), next);
    response = await next();
  } catch (error) {
    return answerFailure(context, next, error);
  }
  // An API route that needed a user while Supabase Auth could not say who it is.
  if (authFailure && response.status === 401 && audienceOf(context.url.pathname) === 'api') {
    context.cache.set(false);
    return remoteServiceUnavailable(context.url.pathname);
  }
  for (const cookie of authCookies) response.headers.append('set-cookie', cookie);
  // Everything outside the shared routes may carry per-user content: never stored, whatever
  // the route asked of Astro.cache.
  context.cache.set(false);
  return privateResponse(response);
});

// Security headers on every answer (and each page's Content Security Policy) come first.
export const onRequest = sequence(
  securityHeaders(() => getEnv()),
  sessionAndCache,
);

function privateResponse(response: Response): Response {
  return setCacheControl(response, PRIVATE_CACHE_CONTROL);
}

const INVALID_INPUT_MESSAGE = 'The request contains a value that cannot be used.';

/**
 * Requests answered before any route runs (on every runtime; the node server checks the
 * same earlier, see scripts/start.ts): a method the route never takes (405), a declared
 * body over the route's limit (413), and a path under /api that no route matches (a JSON
 * 404 rather than the HTML page).
 */
function refuseRequest(context: APIContext): Response | null {
  const { pathname } = context.url;
  const refused =
    refuseMethod(pathname, context.request.method) ?? refuseOversizedBody(pathname, context.request.headers);
  if (refused) return refused;
  if (context.routePattern === '/404' && audienceOf(pathname) === 'api')
    return routeError(pathname, 404, 'not_found', 'Not Found');
  return null;
}

/**
 * A route that failed. A database outage, or a remote service (hosted Supabase Auth, Stripe)
 * that gave no answer in time, is a 503 with a retry hint, never a stack trace or a cached
 * error: JSON for the API and the auth service, the error page for pages. A
 * value the database refused is a 400. Any other failure of an API route is a JSON 500;
 * of a page, Astro's 500 page.
 */
async function answerFailure(context: APIContext, next: MiddlewareNext, error: unknown): Promise<Response> {
  const { pathname } = context.url;
  context.cache.set(false);
  const audience = audienceOf(pathname);
  if (remoteServiceFailed(error)) {
    // Logged where it failed (or just now, for Stripe), once per incident.
    if (audience !== 'page') return remoteServiceUnavailable(pathname);
    context.locals.pageError = { status: 503, message: MESSAGES.serverError };
    const response = await next(errorPageRequest(context));
    response.headers.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    return response;
  }
  if (isDatabaseUnavailable(error)) {
    console.error(`[db] ${context.request.method} ${pathname}: database unavailable: ${(error as Error).message}`);
    if (audience !== 'page') return databaseUnavailable(pathname);
    context.locals.pageError = { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE };
    const response = await next(errorPageRequest(context));
    response.headers.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    return response;
  }
  if (isInvalidInput(error)) {
    // Validation should have refused the value; the database did. Still the client's mistake.
    console.warn(
      `[http] ${context.request.method} ${pathname}: the database refused a value: ${(error as Error).message}`,
    );
    if (audience !== 'page') return routeError(pathname, 400, 'invalid_input', INVALID_INPUT_MESSAGE);
    context.locals.pageError = { status: 400, message: INVALID_INPUT_MESSAGE };
    return next(errorPageRequest(context));
  }
  await reportServerError(error, context.routePattern);
  if (audience === 'page') throw error;
  console.error(`[api] ${context.request.method} ${pathname} failed:`, error);
  return routeError(pathname, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
}

/**
 * The error page as a GET with the visitor's headers (cookies, colour mode): rewriting
 * with a path would re-send the request's own body, which the failed route may have read.
 */
function errorPageRequest(context: APIContext): Request {
  const headers = new Headers(context.request.headers);
  for (const name of ['content-length', 'content-type', 'transfer-encoding']) headers.delete(name);
  return new Request(new URL('/error', context.url), { headers });
}
