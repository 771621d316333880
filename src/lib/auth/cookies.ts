/**
 * The session cookie @supabase/ssr writes: path /, SameSite lax, 400 days,
 * split into chunks of 3180 characters (`sb-<ref>-auth-token`, `.0`, `.1`…). Not httpOnly:
 * the browser client reads it. Shared by the browser and the server clients.
 */

export const AUTH_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
export const AUTH_COOKIE_CHUNK_SIZE = 3180;

export const AUTH_COOKIE_OPTIONS = {
  path: '/',
  sameSite: 'lax',
  maxAge: AUTH_COOKIE_MAX_AGE_SECONDS,
  httpOnly: false,
} as const;

/**
 * The options for a site served from `origin`: over https the cookie is also Secure, so
 * it never travels over plain http.
 */
export function authCookieOptions(origin: string) {
  return { ...AUTH_COOKIE_OPTIONS, secure: new URL(origin).protocol === 'https:' };
}

/** A session cookie (or its first chunk), not the PKCE verifier ones. */
const SESSION_COOKIE = /(?:^|;\s*)sb-[^=;]+-auth-token(?:\.0)?=/;

/** Cheap signed-in hint: does this cookie string hold a Supabase session cookie? */
export function hasAuthCookie(cookieHeader: string | null | undefined): boolean {
  return typeof cookieHeader === 'string' && SESSION_COOKIE.test(cookieHeader);
}

/** The key supabase-js derives from a project URL: sb-<first label of the host>-auth-token. */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
