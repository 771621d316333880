import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IGDB_IMAGE_ORIGIN } from '../images/covers.ts';
import { inlineScripts } from './inline-scripts.ts';
import {
  applySecurityHeaders,
  completePageCsp,
  commonSecurityHeaders,
  inlineScriptHashes,
  isEmbeddable,
  NON_PAGE_CSP,
  staticFileCsp,
  pageDirectives,
  pageScriptSources,
  pageStyleSources,
  securityOptions,
  type SecurityOptions,
} from './security-headers.server.ts';

const local: SecurityOptions = { siteOrigin: 'http://localhost:4321', googleSignIn: false };
const hosted: SecurityOptions = {
  siteOrigin: 'https://critical-hit.example',
  supabaseUrl: 'https://abcd.supabase.co',
  googleSignIn: true,
};

describe('common security headers', () => {
  it('forbid sniffing, trim referrers, switch off unused features; HSTS only over https', () => {
    expect(commonSecurityHeaders(local)).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    });
    expect(commonSecurityHeaders(hosted)['Strict-Transport-Security']).toBe('max-age=31536000');
  });

  it('give anything that is not a page a policy that loads nothing and cannot be framed', () => {
    const headers = new Headers({ 'content-type': 'application/json' });
    applySecurityHeaders(headers, local);
    expect(headers.get('content-security-policy')).toBe(NON_PAGE_CSP);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    const page = new Headers({ 'content-security-policy': "script-src 'self'" });
    applySecurityHeaders(page, local);
    expect(page.get('content-security-policy')).toBe("script-src 'self'");
  });

  it('follow the environment', () => {
    expect(
      securityOptions({ siteOrigin: 'https://x.example', SUPABASE_URL: undefined, PUBLIC_GOOGLE_CLIENT_ID: 'id' }),
    ).toEqual({
      siteOrigin: 'https://x.example',
      supabaseUrl: undefined,
      googleSignIn: true,
      sentryOrigin: null,
    });
  });
});

describe('page policy', () => {
  it('never allows inline scripts wholesale, and allows Google sign-in only when offered', () => {
    expect(pageScriptSources(local)).toEqual(["'self'"]);
    expect(pageScriptSources(hosted)).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    for (const options of [local, hosted]) expect(pageScriptSources(options).join(' ')).not.toMatch(/unsafe/);
    expect(pageStyleSources(hosted)).toContain('https://accounts.google.com/gsi/style');
  });

  it('forbids framing everywhere except the embeddable review widget', () => {
    expect(pageDirectives(local, '/games/portal-2')).toContain("frame-ancestors 'none'");
    expect(pageDirectives(local, '/outlet/components/ReviewSection')).toContain('frame-ancestors *');
    expect(pageDirectives(local, '/outlet/components/ReviewSection/')).toContain('frame-ancestors *');
    expect(isEmbeddable('/outlet/components/ReviewSectionX')).toBe(false);
    expect(isEmbeddable('/outlet/pixel-ledger')).toBe(false);
  });

  it('lets the browser client reach the Supabase project (API and Realtime) and Google', () => {
    const directives = pageDirectives(hosted, '/');
    expect(directives).toContain(
      "connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co https://accounts.google.com/gsi/",
    );
    expect(directives).toContain("frame-src 'self' https://accounts.google.com/gsi/");
    expect(directives).toContain('upgrade-insecure-requests');
    expect(pageDirectives(local, '/')).toContain("connect-src 'self'");
    expect(pageDirectives(local, '/')).not.toContain('upgrade-insecure-requests');
  });

  it("lets pages draw covers from IGDB's image CDN (and the other https images they show)", () => {
    for (const options of [local, hosted]) {
      const imgSrc = pageDirectives(options, '/games/celeste')
        .find((directive) => directive.startsWith('img-src '))!
        .split(' ')
        .slice(1);
      // https: admits images.igdb.com; avatars from Google sign-in and outlets' logo URLs need it too.
      expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(new URL(IGDB_IMAGE_ORIGIN).protocol).toBe('https:');
    }
    expect(NON_PAGE_CSP).not.toContain('img-src');
  });

  it('lets the browser send errors to Sentry only when the site reports to it', () => {
    expect(pageDirectives({ ...local, sentryOrigin: 'https://o42.ingest.sentry.io' }, '/')).toContain(
      "connect-src 'self' https://o42.ingest.sentry.io",
    );
    expect(
      securityOptions({ siteOrigin: 'http://localhost:4321', PUBLIC_SENTRY_DSN: 'https://key@o42.ingest.sentry.io/7' })
        .sentryOrigin,
    ).toBe('https://o42.ingest.sentry.io');
    expect(securityOptions({ siteOrigin: 'http://localhost:4321' }).sentryOrigin).toBeNull();
  });

  it('hashes every inline script exactly as the browser does', () => {
    const browserHash = (text: string) =>
      `sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}`;
    expect([...inlineScriptHashes()].sort()).toEqual([...new Set(inlineScripts().map(browserHash))].sort());
  });

  it('completes the policy Astro wrote: its hashes stay, ours and the directives join', () => {
    const astro = "script-src 'self' 'sha256-astroIsland='; style-src 'self' 'unsafe-inline';";
    const policy = completePageCsp(astro, hosted, '/outlet/components/ReviewSection');
    const directives = new Map(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        "'sha256-astroIsland='",
        'https://accounts.google.com/gsi/client',
        ...inlineScriptHashes().map((h) => `'${h}'`),
      ]),
    );
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style']);
    expect(directives.get('frame-ancestors')).toEqual(['*']);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(completePageCsp(astro, local, '/games')).toContain("frame-ancestors 'none'");
    expect(completePageCsp(completePageCsp(astro, local, '/games'), local, '/games')).toBe(
      completePageCsp(astro, local, '/games'),
    );
  });
});

describe('inline scripts', () => {
  function astroFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? astroFiles(full) : full.endsWith('.astro') ? [full] : [];
    });
  }

  it('are all written in inline-scripts.ts (or are JSON data), so their hashes are in the policy', () => {
    const allowed = /set:html=\{(HEADER_ACCOUNT_PRE_PAINT|EXPIRED_LINK_REDIRECT|colorModeHeadScript\([^)]*\))\}/;
    const offenders: string[] = [];
    for (const file of astroFiles('src')) {
      for (const [tag] of readFileSync(file, 'utf8').matchAll(/<script\b[^>]*>/g)) {
        if (!/\bis:inline\b/.test(tag) || /type="application\/ld\+json"/.test(tag)) continue;
        if (!allowed.test(tag)) offenders.push(`${file}: ${tag}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('vercel.json', () => {
  it("gives Vercel's static files the same headers the node server gives them", () => {
    const config = JSON.parse(readFileSync('vercel.json', 'utf8')) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    const common = commonSecurityHeaders({ ...local, siteOrigin: 'https://vercel.example' });
    for (const rule of config.headers) {
      const expected = { ...common, 'Content-Security-Policy': staticFileCsp(rule.source) };
      expect(Object.fromEntries(rule.headers.map(({ key, value }) => [key, value])), rule.source).toEqual(expected);
    }
    const sources = config.headers.map((rule) => new RegExp(`^${rule.source}$`));
    for (const file of ['/_astro/index.abc123.js', ...readdirSync('public').map((name) => `/${name}`)]) {
      expect(
        sources.some((source) => source.test(file)),
        file,
      ).toBe(true);
    }
  });
});
