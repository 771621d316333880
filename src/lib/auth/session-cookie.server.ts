/**
 * The session cookie @supabase/ssr writes (`sb-<ref>-auth-token`, or chunks `.0`, `.1`…,
 * `base64-` + base64url JSON), checked before the supabase client reads it. A cookie that
 * cannot be a session (truncated chunks, garbage, a hand-edited value) is dropped, so the
 * request is simply signed out; @supabase/ssr would otherwise log a stack trace for it,
 * several times per request.
 */

export interface RequestCookie {
  name: string;
  value: string;
}

const SESSION_COOKIE = /^(sb-.+-auth-token)(?:\.(\d{1,3}))?$/;
const BASE64_PREFIX = 'base64-';
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

function decodeValue(value: string): unknown {
  let json = value;
  if (value.startsWith(BASE64_PREFIX)) {
    const encoded = value.slice(BASE64_PREFIX.length);
    if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return undefined;
    json = Buffer.from(encoded, 'base64url').toString('utf8');
  }
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** Could this (combined) cookie value hold a supabase session? */
export function isSessionCookieValue(value: string): boolean {
  const session = decodeValue(value) as { access_token?: unknown; refresh_token?: unknown } | undefined;
  return (
    typeof session === 'object' &&
    session !== null &&
    typeof session.access_token === 'string' &&
    JWT_SHAPE.test(session.access_token) &&
    typeof session.refresh_token === 'string'
  );
}

/** The cookie value of session `base`, from the whole cookie or its chunks in order. */
function combined(cookies: RequestCookie[], base: string): string {
  const whole = cookies.find((cookie) => cookie.name === base);
  if (whole) return whole.value;
  const chunks: string[] = [];
  for (let index = 0; ; index += 1) {
    const chunk = cookies.find((cookie) => cookie.name === `${base}.${index}`);
    if (!chunk) return chunks.join('');
    chunks.push(chunk.value);
  }
}

/**
 * The request's cookies without any session cookie that cannot be a session, and the
 * names of the sessions dropped (so the caller can say so in one log line).
 */
export function withoutMalformedSession(cookies: RequestCookie[]): { cookies: RequestCookie[]; dropped: string[] } {
  const bases = new Set(
    cookies.map((cookie) => SESSION_COOKIE.exec(cookie.name)?.[1]).filter((base): base is string => Boolean(base)),
  );
  const dropped = [...bases].filter((base) => !isSessionCookieValue(combined(cookies, base)));
  if (dropped.length === 0) return { cookies, dropped };
  const kept = cookies.filter((cookie) => !dropped.includes(SESSION_COOKIE.exec(cookie.name)?.[1] ?? ''));
  return { cookies: kept, dropped };
}
