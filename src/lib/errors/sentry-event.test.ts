import { describe, expect, it } from 'vitest';
import { scrubSentryEvent, sentryOrigin } from './sentry-event.ts';

describe('scrubSentryEvent', () => {
  it('filters personal data and secrets everywhere in the event and drops who sent it', () => {
    const event = {
      message: 'sign-in failed for ana@example.com',
      exception: {
        values: [
          {
            type: 'Error',
            value: 'token=abcdef123456 rejected',
            stacktrace: { frames: [{ filename: '/api/x?code=9f8e7d', vars: { password: 'hunter22' } }] },
          },
        ],
      },
      request: {
        url: 'https://critical-hit.example/auth/callback?code=secret-code&next=/',
        cookies: { 'sb-access-token': 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' },
        headers: {
          Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
          Cookie: 'sb=1',
          'User-Agent': 'Chromium',
        },
      },
      user: { id: 'u1', email: 'ana@example.com', ip_address: '203.0.113.9' },
      breadcrumbs: [{ message: 'fetch /api/profile?email=ana@example.com' }],
      release: 'build-42',
    };
    const text = JSON.stringify(scrubSentryEvent(event));
    expect(text).not.toContain('ana@example.com');
    expect(text).not.toContain('abcdef123456');
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('secret-code');
    expect(text).not.toContain('eyJhbGci');
    expect(text).not.toContain('203.0.113.9');
    expect(text).not.toContain('"user"');
    expect(text).not.toContain('"cookies"');
    expect(text).not.toMatch(/"authorization"/i);
    // What is needed to act on the report stays.
    expect(text).toContain('"release":"build-42"');
    expect(text).toContain('Chromium');
    expect(text).toContain('sign-in failed for [Filtered email]');
  });

  it('leaves the input event untouched', () => {
    const event = { message: 'ana@example.com', user: { id: 'u1' } };
    scrubSentryEvent(event);
    expect(event).toEqual({ message: 'ana@example.com', user: { id: 'u1' } });
  });
});

describe('sentryOrigin', () => {
  it('is the ingest origin of a DSN, and nothing for a missing or odd one', () => {
    expect(sentryOrigin('https://abc123@o42.ingest.sentry.io/7')).toBe('https://o42.ingest.sentry.io');
    expect(sentryOrigin(undefined)).toBeNull();
    expect(sentryOrigin('not a url')).toBeNull();
    expect(sentryOrigin('javascript:alert(1)')).toBeNull();
  });
});
