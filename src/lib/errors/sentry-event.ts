import { scrub } from './scrub.ts';

/**
 * What leaves for Sentry passes the same scrubbing as the first-party reports: every string
 * anywhere in the event (messages, stack frames, breadcrumbs, request URL and data, extra
 * context) goes through scrub(), and the parts that exist only to identify a person or a
 * session are dropped whole: the user, cookies, and credential headers. Values under keys
 * that name a secret (password, token, session…) are filtered whatever they look like.
 */

const DROPPED_KEYS = new Set([
  'user',
  'cookies',
  'cookie',
  'set-cookie',
  'authorization',
  'x-api-key',
  'apikey',
  'ip_address',
]);
/** Keys whose values are secrets whatever they look like (the same names scrub() filters in text). */
const SECRET_KEY = /password|passwd|secret|token|api[_-]?key|access[_-]?key|session/i;
const MAX_DEPTH = 12;

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrub(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (DROPPED_KEYS.has(key.toLowerCase())) continue;
    out[key] =
      SECRET_KEY.test(key) && (typeof item === 'string' || typeof item === 'number')
        ? '[Filtered]'
        : scrubValue(item, depth + 1);
  }
  return out;
}

/** A scrubbed copy of a Sentry event (or breadcrumb): used as `beforeSend` and `beforeBreadcrumb`. */
export function scrubSentryEvent<T extends object>(event: T): T {
  return scrubValue(event, 0) as T;
}

/** The origin a DSN sends to (the browser's connect-src needs it), or null for a bad DSN. */
export function sentryOrigin(dsn: string | undefined): string | null {
  if (!dsn || !URL.canParse(dsn)) return null;
  const url = new URL(dsn);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
}
