import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'astro';
import type { Env } from '../config/env.ts';
import { sentryOrigin } from '../errors/sentry-event.ts';
import { inlineScripts } from './inline-scripts.ts';

/**
 * The security headers of every response, defined once. Pages get a Content Security
 * Policy from Astro (`security.csp` in astro.config.ts: hashes of the scripts each page
 * uses, sent as a header) which the middleware completes (completePageCsp); everything
 * else (API answers, redirects, static files) gets NON_PAGE_CSP. scripts/start.ts puts the
 * common headers on static files, which the node server answers before Astro runs, and
 * vercel.json repeats them for Vercel's static files (a test keeps the copy equal).
 */

export interface SecurityOptions {
  /** The site's public origin; https turns on HSTS and upgrade-insecure-requests. */
  siteOrigin: string;
  /** Hosted Supabase project the browser client talks to (its API and Realtime). */
  supabaseUrl?: string | undefined;
  /** Google sign-in is offered: its script, frame and styles are allowed. */
  googleSignIn: boolean;
  /** Browser errors go to Sentry: its ingest origin is allowed as a connect-src. */
  sentryOrigin?: string | null | undefined;
}

export function securityOptions(
  env: Pick<Env, 'siteOrigin' | 'SUPABASE_URL' | 'PUBLIC_GOOGLE_CLIENT_ID' | 'PUBLIC_SENTRY_DSN'>,
): SecurityOptions {
  return {
    siteOrigin: env.siteOrigin,
    supabaseUrl: env.SUPABASE_URL,
    googleSignIn: Boolean(env.PUBLIC_GOOGLE_CLIENT_ID),
    sentryOrigin: sentryOrigin(env.PUBLIC_SENTRY_DSN),
  };
}

const isHttps = (options: SecurityOptions) => new URL(options.siteOrigin).protocol === 'https:';

/** Pages other sites may show in a frame (the outlets' review widget). */
export const EMBEDDABLE_PATHS: readonly string[] = ['/outlet/components/ReviewSection'];

export function isEmbeddable(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return EMBEDDABLE_PATHS.includes(path);
}

/** Browser features the site never uses, switched off for it and anything it frames. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

/** One year; subdomains are left to their owners (the site may share its domain). */
export const HSTS = 'max-age=31536000';

/** Headers every response carries: pages, API answers and static files. */
export function commonSecurityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(isHttps(options) ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** The policy of anything that is not a page: it loads nothing, and nothing frames it. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The service worker's own policy: it fetches pages and assets of the site, imports nothing. */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

/** The policy of a static file: NON_PAGE_CSP, except for the service worker script. */
export function staticFileCsp(pathname: string): string {
  return pathname === '/sw.js' ? SERVICE_WORKER_CSP : NON_PAGE_CSP;
}

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';
const GOOGLE_STYLE = 'https://accounts.google.com/gsi/style';

function supabaseSources(options: SecurityOptions): string[] {
  if (!options.supabaseUrl) return [];
  const origin = new URL(options.supabaseUrl);
  const realtime = `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`;
  return [origin.origin, realtime];
}

/** A page's directives besides script-src and style-src (Astro writes those two). */
export function pageDirectives(options: SecurityOptions, pathname: string): string[] {
  const google = options.googleSignIn ? [GOOGLE_GSI] : [];
  return [
    "default-src 'self'",
    // Any https image: covers on IGDB's CDN (images.igdb.com) until they are copied into
    // storage, the hosted project's storage, avatars from Google sign-in, outlets' logo URLs.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    [
      'connect-src',
      "'self'",
      ...supabaseSources(options),
      ...google,
      ...(options.sentryOrigin ? [options.sentryOrigin] : []),
    ].join(' '),
    ['frame-src', "'self'", ...google].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${isEmbeddable(pathname) ? '*' : "'none'"}`,
    ...(isHttps(options) ? ['upgrade-insecure-requests'] : []),
  ];
}

/**
 * Where a page's scripts may come from: the site itself, and Google's sign-in script when
 * it is offered. Inline scripts are allowed by hash only (inlineScriptHashes and Astro's
 * own hashes of the scripts it bundles): never 'unsafe-inline'.
 */
export function pageScriptSources(options: SecurityOptions): string[] {
  return ["'self'", ...(options.googleSignIn ? [GOOGLE_SCRIPT] : [])];
}

/**
 * Where a page's styles may come from. Inline styles are allowed: markup uses style
 * attributes (score bars, the theme's colour variables) and styles cannot run code.
 */
export function pageStyleSources(options: SecurityOptions): string[] {
  return ["'self'", "'unsafe-inline'", ...(options.googleSignIn ? [GOOGLE_STYLE] : [])];
}

/** A CSP hash source of a script's exact text. */
export function scriptHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

let inlineHashes: readonly `sha256-${string}`[] | undefined;

/** Hashes of every inline script the site renders (see inline-scripts.ts). */
export function inlineScriptHashes(): readonly `sha256-${string}`[] {
  inlineHashes ??= [...new Set(inlineScripts().map(scriptHash))];
  return inlineHashes;
}

/**
 * A page's full policy from the one Astro wrote at render time ("script-src 'self'
 * 'sha256-…'; style-src 'self' 'unsafe-inline';", with the hashes of the scripts it bundled
 * and the hydration scripts it inlined): the deployment's sources and the inline scripts'
 * hashes join script-src, and the other directives are set. (Astro's runtime CSP API only
 * works once the page renders, after the middleware; the header is plain text.)
 */
export function completePageCsp(astroPolicy: string, options: SecurityOptions, pathname: string): string {
  const directives = new Map<string, string[]>();
  for (const part of astroPolicy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  const merge = (name: string, sources: readonly string[]) =>
    directives.set(name, [...new Set([...(directives.get(name) ?? []), ...sources])]);
  merge('script-src', [...pageScriptSources(options), ...inlineScriptHashes().map((hash) => `'${hash}'`)]);
  merge('style-src', pageStyleSources(options));
  for (const directive of pageDirectives(options, pathname)) {
    const [name, ...sources] = directive.split(' ');
    directives.set(name!, sources);
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/**
 * Sets the common headers on a response, and NON_PAGE_CSP when it has no policy of its
 * own. Headers already set win (a page's policy, a route's own choice).
 */
export function applySecurityHeaders(headers: Headers, options: SecurityOptions): void {
  for (const [name, value] of Object.entries(commonSecurityHeaders(options))) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (!headers.has('content-security-policy')) headers.set('Content-Security-Policy', NON_PAGE_CSP);
}

/**
 * Middleware: completes each page's policy and puts the security headers on whatever comes
 * back (cached with the page, so a HIT carries them too).
 */
export function securityHeaders(
  env: () => Pick<Env, 'siteOrigin' | 'SUPABASE_URL' | 'PUBLIC_GOOGLE_CLIENT_ID'>,
): MiddlewareHandler {
  return async (context, next) => {
    const options = securityOptions(env());
    const response = await next();
    try {
      const pagePolicy = response.headers.get('content-security-policy');
      if (pagePolicy)
        response.headers.set('Content-Security-Policy', completePageCsp(pagePolicy, options, context.url.pathname));
      applySecurityHeaders(response.headers, options);
    } catch {
      // Immutable headers (Response.redirect): the node server's defaults cover them.
    }
    return response;
  };
}
