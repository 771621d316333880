import { defineMiddleware } from 'astro:middleware';
import { isDatabaseUnavailable } from './lib/db/errors.ts';
import { isNeverCached } from './lib/http/cache-rules.ts';

const DATABASE_DOWN_MESSAGE = 'The database cannot be reached right now. Please try again in a few moments.';

export const onRequest = defineMiddleware(async (context, next) => {
  // Pages that depend on who is asking are never cached, whatever a route rule says.
  if (isNeverCached(context.url.pathname)) context.cache.set(false);
  let response: Response;
  try {
    response = await next();
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
  return response;
});
