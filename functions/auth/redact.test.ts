import { afterEach, describe, expect, it, vi } from 'vitest';
import { authLog, describeError, maskEmail, redact } from './redact.ts';

afterEach(() => vi.restoreAllMocks());

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('a@b.cd')).toBe('a***@b.cd');
    expect(maskEmail('not-an-email')).toBe('***');
    expect(maskEmail(`x@${'d'.repeat(1000)}.com`).length).toBeLessThan(120);
  });
});

describe('redact', () => {
  const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
  const refresh = 'q3Xk9Lm2Vb7Rt5Yw1Zs8Pa4Nd6Hc0Gf2';

  it('masks every email address in a line', () => {
    expect(redact('duplicate key: Key (email)=(jane.doe@example.com) and bob@corp.example.org')).toBe(
      'duplicate key: Key (email)=(j***@example.com) and b***@corp.example.org',
    );
  });

  it('removes tokens but keeps ids and readable names', () => {
    const line = redact(
      `token ${jwt} refresh ${refresh} session 3f2b8a1e-9c4d-4e5f-8a7b-1c2d3e4f5a6b constraint profiles_username_lower_key`,
    );
    expect(line).not.toContain(jwt);
    expect(line).not.toContain(refresh);
    expect(line).toContain('3f2b8a1e-9c4d-4e5f-8a7b-1c2d3e4f5a6b');
    expect(line).toContain('profiles_username_lower_key');
  });

  it('is one bounded line whatever it is given', () => {
    const line = redact(`first\nsecond\r\nthird ${'x'.repeat(1_000_000)}`);
    expect(line).not.toMatch(/[\r\n]/);
    expect(line.length).toBeLessThanOrEqual(401);
  });

  it('an error is its message, never its stack', () => {
    const error = new Error('connect ECONNREFUSED for jane@example.com');
    expect(describeError(error)).toBe('connect ECONNREFUSED for j***@example.com');
    expect(describeError(new TypeError('bad'))).toBe('TypeError: bad');
  });
});

describe('authLog', () => {
  it('writes one redacted line per event', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    authLog.warn('could not send to jane@example.com:\nsecret eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]).toEqual(['[auth] could not send to j***@example.com: secret [redacted]']);
  });
});
