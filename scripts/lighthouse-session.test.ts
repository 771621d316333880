import { describe, expect, it } from 'vitest';
import { cookieHeader, parseSetCookies } from './lighthouse-session.ts';

describe('parseSetCookies', () => {
  it('keeps each cookie as the browser would: value, path, HttpOnly and SameSite', () => {
    const cookies = parseSetCookies([
      'sb-localhost-auth-token=base64-eyJh=; Path=/; Max-Age=34560000; SameSite=Lax',
      'critical-hit-device=abc; Path=/auth; HttpOnly; Secure; SameSite=Strict',
      'plain=1',
    ]);
    expect(cookies).toEqual([
      { name: 'sb-localhost-auth-token', value: 'base64-eyJh=', path: '/', httpOnly: false, sameSite: 'Lax' },
      { name: 'critical-hit-device', value: 'abc', path: '/auth', httpOnly: true, sameSite: 'Strict' },
      { name: 'plain', value: '1', path: '/', httpOnly: false },
    ]);
    expect(cookieHeader(cookies)).toBe('sb-localhost-auth-token=base64-eyJh=; critical-hit-device=abc; plain=1');
  });
});
