import { describe, expect, it } from 'vitest';
import { AUTH_COOKIE_OPTIONS, authCookieOptions, authStorageKey, hasAuthCookie } from './cookies.ts';

describe('auth cookies', () => {
  it('has the spec options: path /, SameSite lax, 400 days', () => {
    expect(AUTH_COOKIE_OPTIONS).toMatchObject({ path: '/', sameSite: 'lax', maxAge: 34_560_000 });
  });
  it('is Secure exactly when the site is served over https, and stays readable by the browser client', () => {
    expect(authCookieOptions('https://critical-hit.example')).toMatchObject({
      secure: true,
      httpOnly: false,
      path: '/',
    });
    expect(authCookieOptions('http://localhost:4321')).toMatchObject({ secure: false, httpOnly: false });
  });
  it('spots a session cookie, whole or chunked, and ignores verifier cookies', () => {
    expect(hasAuthCookie('a=1; sb-localhost-auth-token=base64-xyz')).toBe(true);
    expect(hasAuthCookie('sb-abcd-auth-token.0=base64-x; sb-abcd-auth-token.1=y')).toBe(true);
    expect(hasAuthCookie('sb-localhost-auth-token-code-verifier=abc')).toBe(false);
    expect(hasAuthCookie('theme=dark')).toBe(false);
    expect(hasAuthCookie(undefined)).toBe(false);
  });
  it('derives the storage key from the project URL like supabase-js', () => {
    expect(authStorageKey('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
    expect(authStorageKey('http://localhost:4501')).toBe('sb-localhost-auth-token');
  });
});
