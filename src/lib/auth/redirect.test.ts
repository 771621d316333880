import { describe, expect, it } from 'vitest';
import {
  confirmUrlFor,
  loginUrlFor,
  MAX_REDIRECT_LENGTH,
  nextPath,
  redirectTarget,
  safeRedirectPath,
  signedInDestination,
} from './redirect.ts';

const SITE = 'https://critical-hit.example';

/** Whatever comes back must be a path that stays on any origin it is resolved against. */
function expectSameSitePath(result: string): void {
  expect(result).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
  for (const base of [SITE, 'http://localhost:4321', 'http://other.invalid']) {
    expect(new URL(result, base).origin, `${result} against ${base}`).toBe(new URL(base).origin);
  }
}

// Known ways out of a site through a redirect parameter; every one must be refused.
const REFUSED: ReadonlyArray<readonly [label: string, payload: string]> = [
  ['protocol-relative', '//evil.example'],
  ['three slashes', '///evil.example'],
  ['four slashes', '////evil.example/path'],
  ['slash backslash', '/\\evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['backslash slash', '\\/evil.example'],
  ['slash backslash slash', '/\\/evil.example'],
  ['dot segment before a double slash', '/.//evil.example'],
  ['dot segment and backslash', '/./\\evil.example'],
  ['parent segments collapsing into //', '/dashboard/../..//evil.example'],
  ['parent segment then //', '/dashboard/..//evil.example/'],
  ['encoded dots collapsing into //', '/%2e%2e/%2e%2e//evil.example'],
  ['mixed encoded dot segment', '/.%2e/.%2e//evil.example'],
  ['single encoded dot', '/%2e//evil.example'],
  ['uppercase encoded dots', '/%2E%2E//evil.example'],
  ['tab between slashes', '/\t/evil.example'],
  ['newline between slashes', '/\n/evil.example'],
  ['CRLF between slashes', '/\r\n/evil.example'],
  ['leading tab', '\t//evil.example'],
  ['leading space', ' //evil.example'],
  ['header injection', '/x\r\nSet-Cookie: a=b'],
  ['NUL byte', '/\u0000/evil.example'],
  ['zero-width space', '/\u200b/evil.example'],
  ['ideographic space', '/\u3000/evil.example'],
  ['byte order mark', '\ufeff//evil.example'],
  ['no-break space', '/\u00a0/evil.example'],
  ['absolute URL elsewhere', 'https://evil.example/'],
  ['plain http elsewhere', 'http://evil.example'],
  ['scheme downgrade of the site', 'http://critical-hit.example/settings'],
  ['another port of the site', 'https://critical-hit.example:8443/settings'],
  ['scheme without slashes, other scheme', 'http:evil.example'],
  ['site name as userinfo', 'https://critical-hit.example@evil.example/'],
  ['protocol-relative with userinfo', '//critical-hit.example@evil.example'],
  ['userinfo on the site itself', 'https://evil.example@critical-hit.example/settings'],
  ['password on the site itself', 'https://user:pass@critical-hit.example/settings'],
  ['site name as a subdomain', 'https://critical-hit.example.evil.example/'],
  ['encoded dot in the host', '//evil%2Eexample'],
  ['ideographic full stop in the host', '//evil\u3002example'],
  ['full-width dot in the host', '//evil\uff0eexample/path'],
  ['IP address', '//127.0.0.1/'],
  ['hex IP address', '//0x7f.1/'],
  ['IPv6 address', '//[::1]/'],
  ['javascript URL', 'javascript:alert(1)'],
  ['mixed-case javascript URL', 'JaVaScRiPt:alert(document.domain)'],
  ['javascript URL split by a tab', 'java\tscript:alert(1)'],
  ['javascript URL with a leading space', ' javascript:alert(1)'],
  ['data URL', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript URL', 'vbscript:msgbox(1)'],
  ['file URL', 'file:///etc/passwd'],
  ['blob URL', 'blob:https://evil.example/uuid'],
  ['backslashes after a scheme', 'https:\\\\evil.example'],
  ['back to the login page', '/login?redirect=//evil.example'],
  ['back to the callback', '/auth/callback?next=//evil.example'],
  ['empty', ''],
  ['too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
];

// Payloads that look dangerous but resolve to a path of this site; they may be kept,
// always as an encoded same-site path.
const KEPT_ON_SITE: ReadonlyArray<readonly [label: string, payload: string, expected: string]> = [
  ['encoded slashes', '/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['encoded backslash', '/%5Cevil.example', '/%5Cevil.example'],
  ['encoded tab', '/%09/evil.example', '/%09/evil.example'],
  ['double-encoded slashes', '/%252F%252Fevil.example', '/%252F%252Fevil.example'],
  ['double-encoded dots', '/%252e%252e//evil.example', '/%252e%252e//evil.example'],
  ['full-width solidus', '\uff0f\uff0fevil.example', '/%EF%BC%8F%EF%BC%8Fevil.example'],
  ['division slash', '\u2215\u2215evil.example', '/%E2%88%95%E2%88%95evil.example'],
  [
    'full-width scheme',
    '\uff48\uff54\uff54\uff50\uff53://evil.example',
    '/%EF%BD%88%EF%BD%94%EF%BD%94%EF%BD%90%EF%BD%93://evil.example',
  ],
  ['ideographic full stop in a path', '/\u3002/evil.example', '/%E3%80%82/evil.example'],
  ['same scheme without slashes', 'https:evil.example', '/evil.example'],
  ['same scheme with one slash', 'https:/evil.example', '/evil.example'],
  ['a URL in the query', '/?next=//evil.example', '/?next=//evil.example'],
  ['hash only', '#//evil.example', '/'],
  ['query only', '?//evil.example', '/?//evil.example'],
  ['parents above the root', '/a/../../evil.example', '/evil.example'],
];

describe('redirectTarget', () => {
  it(`refuses ${REFUSED.length} known ways off the site`, () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(40);
    const leaks = REFUSED.filter(([, payload]) => redirectTarget(payload, SITE) !== null).map(
      ([label, payload]) => `${label}: ${JSON.stringify(payload)} -> ${redirectTarget(payload, SITE)}`,
    );
    expect(leaks).toEqual([]);
  });

  it.each(KEPT_ON_SITE)('keeps %s on the site', (_label, payload, expected) => {
    const result = redirectTarget(payload, SITE);
    expect(result).toBe(expected);
    expectSameSitePath(result!);
  });

  it('keeps same-site paths with their query, without the hash', () => {
    expect(redirectTarget('/settings', SITE)).toBe('/settings');
    expect(redirectTarget('/dashboard?tab=2#x', SITE)).toBe('/dashboard?tab=2');
    expect(redirectTarget('/games/halo infinite', SITE)).toBeNull();
    expect(redirectTarget('/games/halo%20infinite?q=a+b', SITE)).toBe('/games/halo%20infinite?q=a+b');
    expect(redirectTarget('/login-help', SITE)).toBe('/login-help');
    expect(redirectTarget('/a/./b/../settings', SITE)).toBe('/a/settings');
  });

  it('accepts an absolute URL on the site origin and returns its path', () => {
    expect(redirectTarget('https://critical-hit.example/games/portal-2?x=1#top', SITE)).toBe('/games/portal-2?x=1');
    expect(redirectTarget('HTTPS://CRITICAL-HIT.EXAMPLE/settings', SITE)).toBe('/settings');
    expect(redirectTarget('https://critical-hit.example:443/settings', SITE)).toBe('/settings');
    expect(redirectTarget('http://localhost:4321/settings', 'http://localhost:4321')).toBe('/settings');
    expect(redirectTarget('http://localhost:4321/settings', SITE)).toBeNull();
  });

  it('refuses what is not a string, and any origin it cannot parse', () => {
    for (const value of [null, undefined, 42, ['/settings'], { toString: () => '/settings' }]) {
      expect(redirectTarget(value, SITE)).toBeNull();
    }
    expect(redirectTarget('/settings', 'not an origin')).toBeNull();
  });

  it('returns only paths that stay on the site wherever they are resolved', () => {
    for (const [, payload] of [...REFUSED, ...KEPT_ON_SITE]) {
      const result = redirectTarget(payload, SITE);
      if (result !== null) expectSameSitePath(result);
    }
  });
});

describe('safeRedirectPath', () => {
  it('falls back when the target is refused', () => {
    expect(safeRedirectPath('/settings', SITE)).toBe('/settings');
    expect(safeRedirectPath('//evil.example', SITE)).toBe('/dashboard');
    expect(safeRedirectPath(null, SITE, '/')).toBe('/');
  });
});

describe('loginUrlFor', () => {
  it('carries the intended full path', () => {
    expect(loginUrlFor(new URL('http://x.test/settings?tab=email'))).toBe('/login?redirect=%2Fsettings%3Ftab%3Demail');
  });

  it('drops an intended path that would not be a safe target', () => {
    expect(loginUrlFor(new URL('http://x.test//evil.example'))).toBe('/login');
    expect(loginUrlFor(new URL('http://x.test/dashboard/../..//evil.example'))).toBe('/login');
  });
});

describe("the callers' shortcuts", () => {
  it('nextPath reads the next parameter through redirectTarget', () => {
    expect(nextPath(new URL(`${SITE}/auth/callback?code=1&next=/settings`), SITE)).toBe('/settings');
    expect(nextPath(new URL(`${SITE}/auth/callback?code=1&next=/.//evil.example/`), SITE)).toBe('/dashboard');
    expect(nextPath(new URL(`${SITE}/confirm`), SITE, '/')).toBe('/');
  });

  it('confirmUrlFor carries a target other than the default through /confirm', () => {
    expect(confirmUrlFor('/settings?tab=email')).toBe('/confirm?next=%2Fsettings%3Ftab%3Demail');
    expect(confirmUrlFor('/dashboard')).toBe('/confirm');
    expect(confirmUrlFor(null)).toBe('/confirm');
  });

  it('signedInDestination sends accounts without a username to /confirm first', () => {
    expect(signedInDestination('/settings', true, SITE, null)).toBe('/settings');
    expect(signedInDestination('//evil.example/path', true, SITE, null)).toBeNull();
    expect(signedInDestination('//evil.example/path', true, SITE, '/dashboard')).toBe('/dashboard');
    expect(signedInDestination(undefined, true, SITE, '/dashboard')).toBe('/dashboard');
    expect(signedInDestination('/settings', false, SITE, null)).toBe('/confirm?next=%2Fsettings');
    expect(signedInDestination('//evil.example', false, SITE, null)).toBe('/confirm');
  });
});
