import { describe, expect, it } from 'vitest';
import {
  BODY_LIMITS,
  bodyLimitFor,
  declaredLength,
  payloadTooLarge,
  refuseOversizedBody,
  ROUTE_BODY_LIMITS,
} from './body-limits.ts';

describe('body limits', () => {
  it('give JSON routes 64 KB and uploads 5 MB', () => {
    expect(BODY_LIMITS.json).toBe(64 * 1024);
    expect(BODY_LIMITS.image).toBe(5 * 1024 * 1024);
    for (const path of [
      '/api/profile',
      '/api/auth/sign-in',
      '/auth/v1/signup',
      '/api/critic-reviews/4',
      '/',
      '/games',
    ]) {
      expect(bodyLimitFor(path), path).toBe(BODY_LIMITS.json);
    }
    expect(bodyLimitFor('/storage/v1/object/avatars/u/1.png')).toBe(BODY_LIMITS.image);
  });

  it('never go below the JSON default on a listed route, nor above 10 MB', () => {
    for (const [pattern, limit] of ROUTE_BODY_LIMITS) {
      expect(limit, String(pattern)).toBeGreaterThanOrEqual(BODY_LIMITS.json);
      expect(limit, String(pattern)).toBeLessThanOrEqual(10 * 1024 * 1024);
    }
  });

  it('read Content-Length as a plain count only', () => {
    expect(declaredLength('42')).toBe(42);
    expect(declaredLength(' 0 ')).toBe(0);
    for (const value of [null, undefined, '', '-1', '1e9', '0x10', '12abc', '1, 2', '9'.repeat(20)])
      expect(declaredLength(value), String(value)).toBeNull();
  });

  it('answer 413 in the shape of the route, with the limit in words', async () => {
    const api = payloadTooLarge('/api/profile');
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large: the limit here is 64 KB.' },
    });
    const auth = payloadTooLarge('/auth/v1/signup');
    expect(auth.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await auth.json()).toEqual({
      code: 'payload_too_large',
      message: 'The request body is too large: the limit here is 64 KB.',
    });
    const upload = payloadTooLarge('/storage/v1/object/avatars/x.png');
    expect(upload.status).toBe(400);
    const refused = (await upload.json()) as { statusCode: string; code: string; message: string };
    expect(refused).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(refused.message).toContain('5 MB');
    expect(payloadTooLarge('/games').headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('refuse a declared body over the limit before anything reads it', () => {
    const headers = (length: number) => new Headers({ 'content-length': String(length) });
    expect(refuseOversizedBody('/api/profile', headers(BODY_LIMITS.json))).toBeNull();
    expect(refuseOversizedBody('/api/profile', headers(BODY_LIMITS.json + 1))?.status).toBe(413);
    expect(refuseOversizedBody('/api/profile', new Headers())).toBeNull();
    expect(refuseOversizedBody('/storage/v1/object/a/b.png', headers(BODY_LIMITS.json + 1))).toBeNull();
  });
});
