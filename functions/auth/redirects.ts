/**
 * Where the service may send a browser after an email link: the site's own origin, or an
 * entry of the redirect allow list (AUTH_REDIRECT_URLS, like Supabase's): an exact URL
 * (its origin and path), or a prefix ending in `*` (every path below it). The target is
 * resolved and normalised first (so `/a/../b`, `//host`, backslashes and encoded tricks are
 * judged as the browser will follow them); anything else, userinfo included, falls back
 * to the site's root. The origin comes from configuration, never from the request.
 */
export function allowedRedirect(
  siteOrigin: string,
  allowList: readonly string[],
  value: string | null | undefined,
): string {
  const fallback = `${siteOrigin}/`;
  if (!value) return fallback;
  let url: URL;
  try {
    url = new URL(value, siteOrigin);
  } catch {
    return fallback;
  }
  if (url.username || url.password || !/^https?:$/.test(url.protocol)) return fallback;
  if (url.origin === siteOrigin) return url.href;
  return allowList.some((entry) => matchesEntry(url, entry)) ? url.href : fallback;
}

function matchesEntry(url: URL, entry: string): boolean {
  const prefix = entry.endsWith('*');
  let allowed: URL;
  try {
    allowed = new URL(prefix ? entry.slice(0, -1) : entry);
  } catch {
    return false;
  }
  if (url.origin !== allowed.origin) return false;
  return prefix ? url.pathname.startsWith(allowed.pathname) : url.pathname === allowed.pathname;
}

/** The link an email carries: the service's /verify on the site's origin, with its token. */
export function verifyLink(siteOrigin: string, token: string, type: string, redirectTo: string): string {
  const url = new URL(`${siteOrigin}/auth/v1/verify`);
  url.searchParams.set('token', token);
  url.searchParams.set('type', type);
  url.searchParams.set('redirect_to', redirectTo);
  return url.href;
}
