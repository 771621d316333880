/**
 * Where to send someone after signing in. Only same-site paths are honoured: anything
 * that could leave the site (another origin, a protocol-relative `//host`, a backslash
 * trick, a `javascript:` URL) falls back to `fallback`. No open redirect.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/dashboard'): string {
  if (typeof value !== 'string') return fallback;
  const candidate = value.trim();
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and can hide a "//".
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return fallback;
  try {
    const base = 'http://same-site.invalid';
    const url = new URL(candidate, base);
    if (url.origin !== base) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Never bounce back into the auth pages themselves.
    if (/^\/(login|auth\/callback)(\/|\?|#|$)/.test(path)) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** /login?redirect=<the intended full path> */
export function loginUrlFor(intended: URL | string): string {
  const url = typeof intended === 'string' ? new URL(intended, 'http://same-site.invalid') : intended;
  return `/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
}
