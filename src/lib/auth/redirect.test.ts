import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeRedirectPath } from './redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirectPath('/settings')).toBe('/settings');
    expect(safeRedirectPath('/dashboard?tab=2#x')).toBe('/dashboard?tab=2#x');
  });
  it('ignores anything that leaves the site', () => {
    for (const evil of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'evil.example',
      '',
      '  //evil.example',
    ]) {
      expect(safeRedirectPath(evil), evil).toBe('/dashboard');
    }
    expect(safeRedirectPath(null, '/')).toBe('/');
  });
  it('never sends back to the login page or the callback', () => {
    expect(safeRedirectPath('/login?redirect=/x')).toBe('/dashboard');
    expect(safeRedirectPath('/auth/callback?code=1')).toBe('/dashboard');
    expect(safeRedirectPath('/login-help')).toBe('/login-help');
  });
});

describe('loginUrlFor', () => {
  it('carries the intended full path', () => {
    expect(loginUrlFor(new URL('http://x.test/settings?tab=email'))).toBe('/login?redirect=%2Fsettings%3Ftab%3Demail');
  });
});
