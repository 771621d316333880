import { describe, expect, it } from 'vitest';
import { fingerprintText, prepareReport, scrub } from './scrub.ts';

const jwt =
  'eyJhbGciOiJFUzI1NiIsImtpZCI6ImFiYyJ9.eyJzdWIiOiIxMjM0NSIsImVtYWlsIjoiYUBiLmNvIn0.c2lnbmF0dXJlLXBhcnQtaGVyZQ';

describe('scrub', () => {
  it.each([
    ['an email', 'Failed for jane.doe+games@example.com while saving', 'jane.doe'],
    ['a JWT', `Invalid token ${jwt}`, 'eyJhbGci'],
    ['a bearer token', 'Authorization failed: Bearer abcdefghijklmnop1234', 'abcdefghijklmnop1234'],
    ['a cookie header', 'cookie: sb-local-auth-token=base64-eyJhY2Nlc3N; theme=dark', 'theme=dark'],
    ['a password in JSON', '{"email":"x","password":"hunter22!"}', 'hunter22'],
    ['a refresh token parameter', 'POST /auth/v1/token refresh_token=v1.abcdefghijk failed', 'v1.abcdefghijk'],
    ['a query string', 'GET https://site.example/auth/callback?code=12345abcdef&next=/ failed', 'code=12345'],
    ['an API key', 'apikey=sk_live_0123456789abcdef', 'sk_live'],
    ['a long hex secret', 'signature 0123456789abcdef0123456789abcdef mismatch', '0123456789abcdef0123456789abcdef'],
  ])('removes %s', (_label, text, secret) => {
    const scrubbed = scrub(text);
    expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain('[Filtered');
  });

  it('keeps what makes the error useful', () => {
    expect(scrub("TypeError: Cannot read properties of undefined (reading 'title')")).toBe(
      "TypeError: Cannot read properties of undefined (reading 'title')",
    );
    const frame =
      '    at renderGame (/home/critical-hit/project/node_modules/astro/dist/core/render/chunks/game_page_server.mjs:12:7)';
    expect(scrub(frame)).toBe(frame);
  });
});

describe('prepareReport and fingerprints', () => {
  it('scrubs every text and cuts it to its limit', () => {
    const report = prepareReport({
      source: 'client',
      message: `x@y.example ${'a '.repeat(800)}`,
      stack: `Error\n    at f (${'b'.repeat(9000)})`,
      route: '/games?email=x@y.example',
      release: 'r1',
    });
    expect(report.message).not.toContain('x@y.example');
    expect(report.message.length).toBeLessThanOrEqual(1000);
    expect(report.stack!.length).toBeLessThanOrEqual(8000);
    expect(report.route).toBe('/games?[Filtered]');
  });

  it('groups the same error whatever its numbers, and tells releases apart', () => {
    const base = {
      source: 'server' as const,
      stack: 'Error: x\n    at load (/app/a.mjs:10:5)',
      route: '/games/[slug]',
      release: 'r1',
    };
    const one = fingerprintText(prepareReport({ ...base, message: 'Game 12 not found' }));
    expect(fingerprintText(prepareReport({ ...base, message: 'Game 345 not found' }))).toBe(one);
    expect(fingerprintText(prepareReport({ ...base, message: 'Game 12 not found', release: 'r2' }))).not.toBe(one);
  });
});
