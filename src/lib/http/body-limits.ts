import { routeError } from './route-errors.ts';

/**
 * How large a request body may be, defined once. The node server (scripts/start.ts)
 * refuses a larger declared Content-Length before reading anything and stops reading a
 * chunked body at the limit; the middleware repeats the Content-Length check for the other
 * runtimes (Vercel caps bodies itself at 4.5 MB). Either way the answer is a 413 in the
 * route's error shape, and a handler never sees more than its route's limit.
 */

const KB = 1024;
const MB = 1024 * KB;

/** Named limits. JSON covers every form and API call the site makes today. */
export const BODY_LIMITS = {
  /** JSON bodies: sign-in, sign-up, a profile, a review. The largest real one is a few KB. */
  json: 64 * KB,
  /** An uploaded image (avatars, outlet logos). */
  image: 5 * MB,
} as const;

/**
 * Routes whose bodies may exceed the JSON default, first match wins. Upload routes are
 * listed before they exist so that each is bounded from its first deploy.
 */
export const ROUTE_BODY_LIMITS: ReadonlyArray<readonly [RegExp, number]> = [
  // Supabase Storage uploads served on the site's origin (avatars, logos).
  [/^\/storage\/v1\/object\//, BODY_LIMITS.image],
  // Avatar uploads to the profile API (checked, resized and stored by the server).
  [/^\/api\/profile\/avatar$/, BODY_LIMITS.image + 64 * KB],
  // Game covers and outlet logos, through their APIs (checked, resized and stored by the server).
  [/^\/api\/admin\/games\/\d+\/cover$/, BODY_LIMITS.image + 64 * KB],
  [/^\/api\/manage-outlet\/[^/]+\/logo$/, BODY_LIMITS.image + 64 * KB],
  // CSV imports (games, an outlet's reviews): the file (at most 2 MB) inside JSON.
  [/^\/api\/admin\/games\/import$/, 3 * MB],
  [/^\/api\/manage-outlet\/[^/]+\/reviews\/import$/, 3 * MB],
  // A library import: the file (at most 4 MB) inside JSON, a ZIP as base64 (a third more).
  [/^\/api\/library\/import(\/preview)?$/, 6 * MB],
];

export function bodyLimitFor(pathname: string): number {
  for (const [pattern, limit] of ROUTE_BODY_LIMITS) if (pattern.test(pathname)) return limit;
  return BODY_LIMITS.json;
}

/** A Content-Length header as a number of bytes; null when absent or not a plain count. */
export function declaredLength(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d{1,16}$/.test(value.trim())) return null;
  return Number(value.trim());
}

function describeBytes(bytes: number): string {
  return bytes >= MB && bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.ceil(bytes / KB)} KB`;
}

/** The 413 for `pathname`. */
export function payloadTooLarge(pathname: string): Response {
  return routeError(
    pathname,
    413,
    'payload_too_large',
    `The request body is too large: the limit here is ${describeBytes(bodyLimitFor(pathname))}.`,
  );
}

/** The 413 when a request declares a body over its route's limit, else null. */
export function refuseOversizedBody(pathname: string, headers: Headers): Response | null {
  const length = declaredLength(headers.get('content-length'));
  return length !== null && length > bodyLimitFor(pathname) ? payloadTooLarge(pathname) : null;
}
