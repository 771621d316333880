/**
 * Where to send someone after signing in, confirming an email or following an auth link.
 * Every such target goes through `redirectTarget`: the value is resolved against the site's
 * origin the way a browser would resolve it, and only a target on that origin is kept, as
 * a path (+ query, never the hash). The checks run on the normalised result, because the
 * tricks that leave a site hide in what normalisation does: `/./` and `/../` segments that
 * collapse into `//host`, backslashes that become slashes, tabs and newlines that are
 * dropped, encoded dots that are decoded.
 */

/** Longer targets are refused outright: a real path of this site is far shorter. */
export const MAX_REDIRECT_LENGTH = 2048;

// Auth pages never send anyone back to themselves.
const AUTH_PAGES = /^\/(login|auth\/callback)(\/|$)/;
// Control characters (C0, DEL, C1) and the whitespace that URL parsers drop or trim.
const INVISIBLE = /[\p{Cc}\u0020\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;
// A stand-in origin that no target can name: resolving against it again shows whether the
// path we return would stay on whatever origin it is used on.
const PROBE_ORIGIN = 'http://redirect-probe.invalid';

/**
 * The same-site path (pathname + search) that `value` leads to from `origin`, or null when
 * it leads anywhere else, is malformed, or is an auth page. `origin` is the site's origin
 * (`getEnv().siteOrigin` on the server, `window.location.origin` in the browser); an
 * absolute URL on that origin is accepted and returned as its path.
 */
export function redirectTarget(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return null;
  // Refuse rather than repair: a legitimate target never contains these.
  if (INVISIBLE.test(value) || value.includes('\\')) return null;
  let site: URL;
  let url: URL;
  try {
    site = new URL(origin);
    url = new URL(value, site.origin);
  } catch {
    return null;
  }
  if (url.origin !== site.origin || url.username !== '' || url.password !== '') return null;
  const path = `${url.pathname}${url.search}`;
  // After normalisation: a path that starts with two slashes (or a slash and a backslash)
  // is read by browsers as "//host", another site.
  if (!path.startsWith('/') || /^\/[/\\]/.test(path)) return null;
  // The returned string must mean the same path wherever it is resolved.
  const again = new URL(path, PROBE_ORIGIN);
  if (again.origin !== PROBE_ORIGIN || `${again.pathname}${again.search}` !== path) return null;
  if (AUTH_PAGES.test(url.pathname)) return null;
  return path;
}

/** `redirectTarget`, or `fallback` when the value is not a safe same-site target. */
export function safeRedirectPath(value: unknown, origin: string, fallback = '/dashboard'): string {
  return redirectTarget(value, origin) ?? fallback;
}

/** /login?redirect=<the intended path>, or plain /login when that path is not a safe target. */
export function loginUrlFor(intended: URL): string {
  const target = redirectTarget(`${intended.pathname}${intended.search}`, intended.origin);
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}

/** The safe target named by the `next` parameter of `url` (auth links and /confirm carry one), or `fallback`. */
export function nextPath(url: URL, origin: string, fallback = '/dashboard'): string {
  return safeRedirectPath(url.searchParams.get('next'), origin, fallback);
}

/** /confirm (choose a username first), carrying on to `next` (a target from redirectTarget) afterwards. */
export function confirmUrlFor(next: string | null): string {
  return next && next !== '/dashboard' ? `/confirm?next=${encodeURIComponent(next)}` : '/confirm';
}

/**
 * Where a sign-in leads: /confirm first while the account has no username (then on to the
 * target), else `redirectTo` when it is a safe target, else `fallback` (null: stay put).
 */
export function signedInDestination(
  redirectTo: string | undefined,
  hasUsername: boolean,
  origin: string,
  fallback: string | null,
): string | null {
  const target = redirectTo ? redirectTarget(redirectTo, origin) : null;
  if (!hasUsername) return confirmUrlFor(target);
  return target ?? fallback;
}

/**
 * What Supabase Auth says after the first of the two links a (secure) email change sends,
 * one to each address: in the redirect's fragment, and for a PKCE flow in its query.
 */
export const EMAIL_CHANGE_HALF_CONFIRMED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Did the auth service send the browser here after the first of an email change's two links? */
export const isHalfConfirmedEmailChange = (url: URL) => url.searchParams.get('message') === EMAIL_CHANGE_HALF_CONFIRMED;
