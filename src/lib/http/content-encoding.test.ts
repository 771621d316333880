import { describe, expect, it } from 'vitest';
import { etagMatches, negotiateEncoding, variantEtag } from './content-encoding.ts';

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, when both are equally welcome', () => {
    expect(negotiateEncoding('br, gzip')).toBe('br');
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
  });

  it('follows q-values, and q=0 refuses a coding', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('BR ; Q=0 , GZIP')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.000')).toBe('identity');
    expect(negotiateEncoding('gzip;q=0.5')).toBe('gzip');
    // A malformed weight counts as a refusal, not as q=1.
    expect(negotiateEncoding('br;q=2, gzip')).toBe('gzip');
  });

  it('answers identity with no header, an empty one, or nothing acceptable', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('')).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding('deflate, zstd')).toBe('identity');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
    // Even when identity itself is refused: readable bytes rather than a 406.
    expect(negotiateEncoding('identity;q=0, br;q=0')).toBe('identity');
  });

  it('weighs identity against the codings the client names', () => {
    expect(negotiateEncoding('identity, gzip;q=0.5')).toBe('identity');
    expect(negotiateEncoding('identity;q=0.4, gzip;q=0.5')).toBe('gzip');
  });

  it('reads * as every coding not named', () => {
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.1, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0.2, *;q=0.5')).toBe('br');
    expect(negotiateEncoding('*;q=0, identity')).toBe('identity');
    expect(negotiateEncoding('*;q=0')).toBe('identity');
  });

  it('chooses only among the variants there are', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBe('identity');
    expect(negotiateEncoding('br, gzip', [])).toBe('identity');
  });
});

describe('variant validators', () => {
  it('gives each coding its own ETag and compares weakly', () => {
    expect(variantEtag('"abc"', 'identity')).toBe('"abc"');
    expect(variantEtag('"abc"', 'br')).toBe('"abc-br"');
    expect(variantEtag('W/"1-2"', 'gzip')).toBe('W/"1-2-gz"');
    expect(etagMatches('"abc-br"', '"abc-br"')).toBe(true);
    expect(etagMatches('W/"abc-br", "x"', '"abc-br"')).toBe(true);
    expect(etagMatches('"abc"', '"abc-br"')).toBe(false);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches(null, '"abc"')).toBe(false);
  });
});
