import { describe, expect, it } from 'vitest';
import { deviceFromWidth, eventSchema, isBot, optedOut, pathOf, referrerHost, revenueCents } from './event.ts';

const valid = {
  n: 'pageview',
  u: 'https://critical-hit.example/games/hades?ref=x#top',
  d: 'critical-hit.example',
  r: 'https://www.google.com/search?q=hades',
  w: 1280,
};

describe('eventSchema', () => {
  it('accepts the tracker fields n, u, d, r, w, h, p and $', () => {
    const parsed = eventSchema.parse({
      ...valid,
      h: 1,
      p: { url: 'https://example.org' },
      $: { amount: '9.99', currency: 'EUR' },
    });
    expect(parsed).toMatchObject({ n: 'pageview', w: 1280, h: 1, p: { url: 'https://example.org' } });
  });

  it('takes null for every optional field as absent (trackers send null for "none")', () => {
    const parsed = eventSchema.parse({ ...valid, r: null, w: null, h: null, p: null, $: null });
    expect(parsed).toMatchObject({ n: 'pageview', r: null, w: null, h: null, p: null, $: null });
    expect(deviceFromWidth(parsed.w)).toBe('unknown');
    expect(revenueCents(parsed.$)).toBeNull();
  });

  it('accepts p and $ sent as JSON text', () => {
    const parsed = eventSchema.parse({ ...valid, p: '{"plan":"premium"}', $: '{"amount":5,"currency":"USD"}' });
    expect(parsed.p).toEqual({ plan: 'premium' });
    expect(parsed.$).toEqual({ amount: 5, currency: 'USD' });
  });

  it.each([
    ['a missing name', { ...valid, n: undefined }],
    ['an empty name', { ...valid, n: '  ' }],
    ['a name over 120 characters', { ...valid, n: 'x'.repeat(121) }],
    ['a javascript: url', { ...valid, u: 'javascript:alert(1)' }],
    ['a url over 2000 characters', { ...valid, u: `https://a.example/${'x'.repeat(2000)}` }],
    ['a domain with a slash', { ...valid, d: 'evil.example/path' }],
    ['a negative width', { ...valid, w: -1 }],
    ['a fractional width', { ...valid, w: 10.5 }],
    ['a width as text', { ...valid, w: '1280' }],
    ['props that are not JSON', { ...valid, p: '{nope' }],
    ['nested props', { ...valid, p: { a: { b: 1 } } }],
    ['too many props', { ...valid, p: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])) }],
    ['revenue with a bad currency', { ...valid, $: { amount: 1, currency: 'euro' } }],
    ['an unknown field', { ...valid, ip: '1.2.3.4' }],
    ['an array', [valid]],
  ])('refuses %s', (_label, payload) => {
    expect(eventSchema.safeParse(payload).success).toBe(false);
  });
});

describe('what is stored', () => {
  it('keeps the path without query or fragment, the fragment only in hash mode', () => {
    expect(pathOf(valid.u, false)).toBe('/games/hades');
    expect(pathOf('https://a.example/app#/lists/3?x', true)).toBe('/app#/lists/3?x');
    expect(pathOf('https://a.example/app#top', true)).toBe('/app');
  });

  it('keeps the referring host, not the referring URL, and none for the site itself', () => {
    expect(referrerHost(valid.r, valid.d)).toBe('google.com');
    expect(referrerHost('https://critical-hit.example/games', 'critical-hit.example')).toBeNull();
    expect(referrerHost('not a url', valid.d)).toBeNull();
    expect(referrerHost(null, valid.d)).toBeNull();
  });

  it('classes devices by width as Plausible does', () => {
    expect([390, 800, 1280, 1920, undefined].map(deviceFromWidth)).toEqual([
      'mobile',
      'tablet',
      'laptop',
      'desktop',
      'unknown',
    ]);
  });

  it('reads revenue in minor units', () => {
    expect(revenueCents({ amount: '9.99', currency: 'EUR' })).toEqual({ cents: 999, currency: 'EUR' });
    expect(revenueCents(undefined)).toBeNull();
  });
});

describe('who is not counted', () => {
  it('robots, scripts and headless browsers', () => {
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0',
      'python-requests/2.31',
      '',
    ]) {
      expect(isBot(ua), ua).toBe(true);
    }
    expect(
      isBot(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      ),
    ).toBe(false);
  });

  it('visitors sending Do Not Track or Global Privacy Control', () => {
    expect(optedOut(new Headers({ dnt: '1' }))).toBe(true);
    expect(optedOut(new Headers({ 'sec-gpc': '1' }))).toBe(true);
    expect(optedOut(new Headers({ dnt: '0' }))).toBe(false);
  });
});
