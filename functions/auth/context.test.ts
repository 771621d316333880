import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/lib/config/env.ts';
import { clientAddressOf, forwardedClientAddress } from './context.ts';

const PROXIES = ['127.0.0.1', '::1'];

describe('the client address behind a trusted proxy', () => {
  it('is the address nginx saw when the request comes from nginx', () => {
    expect(forwardedClientAddress('127.0.0.1', '203.0.113.9', PROXIES)).toBe('203.0.113.9');
    expect(forwardedClientAddress('::ffff:127.0.0.1', '2001:db8::7', PROXIES)).toBe('2001:db8::7');
  });

  it('ignores what the client wrote left of the last untrusted hop', () => {
    expect(forwardedClientAddress('127.0.0.1', '10.9.9.9, 198.51.100.4', PROXIES)).toBe('198.51.100.4');
    expect(forwardedClientAddress('127.0.0.1', '198.51.100.4, 127.0.0.1', PROXIES)).toBe('198.51.100.4');
  });

  it('ignores the header from anyone but a trusted proxy, and when nothing is trusted', () => {
    expect(forwardedClientAddress('198.51.100.4', '127.0.0.1', PROXIES)).toBe('198.51.100.4');
    expect(forwardedClientAddress('127.0.0.1', '203.0.113.9', [])).toBe('127.0.0.1');
  });

  it('keeps the socket address when a hop is not an address, or every hop is a proxy', () => {
    expect(forwardedClientAddress('127.0.0.1', 'unknown', PROXIES)).toBe('127.0.0.1');
    expect(forwardedClientAddress('127.0.0.1', '203.0.113.9, not-an-ip', PROXIES)).toBe('127.0.0.1');
    expect(forwardedClientAddress('127.0.0.1', '::1, 127.0.0.1', PROXIES)).toBe('127.0.0.1');
    expect(forwardedClientAddress('127.0.0.1', '', PROXIES)).toBe('127.0.0.1');
  });

  it('reads the header from the request, and is unknown when the adapter cannot tell', () => {
    const request = new Request('http://localhost/', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(clientAddressOf({ clientAddress: '127.0.0.1', request }, PROXIES)).toBe('203.0.113.9');
    const unknown = {
      get clientAddress(): string {
        throw new Error('no address');
      },
    };
    expect(clientAddressOf(unknown, PROXIES)).toBeUndefined();
  });

  it('takes TRUSTED_PROXIES as comma-separated addresses and refuses anything else', () => {
    expect(parseEnv({ TRUSTED_PROXIES: ' 127.0.0.1, ::1 ' }).TRUSTED_PROXIES).toEqual(['127.0.0.1', '::1']);
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(() => parseEnv({ TRUSTED_PROXIES: 'nginx.local' })).toThrow(/TRUSTED_PROXIES/);
  });
});
