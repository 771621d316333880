import { MESSAGES } from '../auth/validation.ts';
import { json, apiError } from './json.ts';

/**
 * Errors answered for a route rather than by it: a body over its limit (413), a method the
 * route does not take (405), a database outage (503). Each in the shape its callers read:
 * the site API's `{ error: { code, message } }` under /api, Supabase Auth's versioned
 * `{ code, message }` under /auth/v1 (what supabase-js reads), Supabase Storage's
 * `{ statusCode, code, error, message }` under /storage/v1, plain text elsewhere (pages
 * answer outages with the HTML error page instead; see the middleware).
 */

export type ErrorAudience = 'api' | 'auth' | 'storage' | 'page';

export function audienceOf(pathname: string): ErrorAudience {
  if (/^\/auth\/v1(\/|$)/.test(pathname)) return 'auth';
  if (/^\/storage\/v1(\/|$)/.test(pathname)) return 'storage';
  if (/^\/api(\/|$)/.test(pathname)) return 'api';
  return 'page';
}

// Supabase Auth marks its error bodies with the API version they follow.
const SUPABASE_API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

const STORAGE_NAMES: Record<number, { code: string; error: string; httpStatus: number }> = {
  413: { code: 'EntityTooLarge', error: 'Payload too large', httpStatus: 400 },
  405: { code: 'MethodNotAllowed', error: 'Method not allowed', httpStatus: 405 },
};

export function routeError(
  pathname: string,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  switch (audienceOf(pathname)) {
    case 'api':
      return apiError(status, code, message, { headers });
    case 'auth':
      return json({ code, message }, { status, headers: { ...SUPABASE_API_VERSION, ...headers } });
    case 'storage': {
      // Supabase Storage's names for the same refusals; storage-js reads the body's statusCode.
      // As Supabase does, a too-large body is an HTTP 400; a wrong method or an outage keeps its status.
      const named = STORAGE_NAMES[status];
      return json(
        { statusCode: String(status), code: named?.code ?? code, error: named?.error ?? code, message },
        { status: named?.httpStatus ?? status, headers },
      );
    }
    case 'page':
      return new Response(`${message}\n`, {
        status,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
      });
  }
}

/** 405 with the methods the route takes (when known). */
export function methodNotAllowed(pathname: string, allowed: readonly string[]): Response {
  return routeError(
    pathname,
    405,
    'method_not_allowed',
    'This method is not allowed here.',
    allowed.length > 0 ? { allow: allowed.join(', ') } : {},
  );
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now. Please try again in a few moments.';
/** Seconds a client is asked to wait before trying again during an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** 503 during a database outage, with a retry hint. */
export function databaseUnavailable(pathname: string): Response {
  return routeError(pathname, 503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, {
    'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS),
  });
}

/**
 * 503 when a remote service the request needs (hosted Supabase Auth, Stripe) gave no answer
 * in time: the spec's server error, with a retry hint.
 */
export function remoteServiceUnavailable(pathname: string): Response {
  return routeError(pathname, 503, 'service_unavailable', MESSAGES.serverError, {
    'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS),
  });
}
