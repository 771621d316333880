import { BODY_LIMITS, bodyLimitFor } from './body-limits.ts';
import { audienceOf, routeError } from './route-errors.ts';

/**
 * Text a request carries that no route can use: bytes that are not UTF-8, and the NUL
 * character (U+0000), which PostgreSQL text cannot hold: a value with it that reached a
 * query failed there, as a 500. Checked once, before any route runs, for everything under
 * /api and /auth/v1: the query string, and bodies of text (JSON, forms, plain text; not
 * the files of upload routes). The refusal is a 400 in the route's error shape.
 */

export const BAD_TEXT_MESSAGE =
  'The request contains text that cannot be used: a NUL character, or bytes that are not UTF-8.';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as UTF-8 text, or null when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

// A JSON escape of U+0000: `\u0000` after an even number of backslashes (an odd number
// would make it the text "\u0000", which is harmless).
const ESCAPED_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

/** Does this text (as sent: JSON escapes not yet decoded) carry a NUL character? */
export function carriesNul(text: string): boolean {
  return text.includes('\u0000') || (text.includes('\\') && ESCAPED_NUL.test(text));
}

/** Is this query string (or urlencoded form) free of NUL and of percent-escapes that are not UTF-8? */
export function isUsableQuery(query: string): boolean {
  const raw = query.startsWith('?') ? query.slice(1) : query;
  if (!raw.includes('%') && !raw.includes('\u0000')) return true;
  for (const part of raw.split('&')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replaceAll('+', ' '));
    } catch {
      return false;
    }
    if (decoded.includes('\u0000')) return false;
  }
  return true;
}

const TEXT_AUDIENCES = new Set(['api', 'auth']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Is this body made of text the route reads (rather than a file it stores)? */
function isTextBody(pathname: string, contentType: string): boolean {
  if (/^(image|audio|video)\/|^application\/(octet-stream|zip|pdf)/i.test(contentType)) return false;
  // An upload route's form carries the file itself.
  return !(/^multipart\//i.test(contentType) && bodyLimitFor(pathname) > BODY_LIMITS.json);
}

async function bodyIsUsable(pathname: string, request: Request): Promise<boolean> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body || !isTextBody(pathname, contentType)) return true;
  if (/^multipart\/form-data/i.test(contentType)) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    // A form that cannot be read is the route's to refuse.
    return !form || [...form.values()].every((value) => typeof value !== 'string' || !value.includes('\u0000'));
  }
  const text = decodeUtf8(new Uint8Array(await request.clone().arrayBuffer()));
  if (text === null || carriesNul(text)) return false;
  return !/^application\/x-www-form-urlencoded/i.test(contentType) || isUsableQuery(text);
}

/** The 400 for a request under /api or /auth/v1 whose query or body carries text no route can use; null otherwise. */
export async function refuseBadText(url: URL, request: Request): Promise<Response | null> {
  const audience = audienceOf(url.pathname);
  if (!TEXT_AUDIENCES.has(audience)) return null;
  const usable =
    isUsableQuery(url.search) &&
    (!BODY_METHODS.has(request.method.toUpperCase()) || (await bodyIsUsable(url.pathname, request)));
  if (usable) return null;
  return routeError(url.pathname, 400, audience === 'auth' ? 'validation_failed' : 'invalid_input', BAD_TEXT_MESSAGE);
}
