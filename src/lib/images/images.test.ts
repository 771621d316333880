import { describe, expect, it } from 'vitest';
import { formatMegabytes, ImageRejectedError, sniffImageType } from './images.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their signatures only', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses everything else: text, SVG, GIF, a RIFF that is not WebP, too few bytes', () => {
    expect(sniffImageType(new TextEncoder().encode('hello.png'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });
});

describe('messages', () => {
  it('name the limit in megabytes', () => {
    expect(formatMegabytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(new ImageRejectedError('too_large', 2 * 1024 * 1024).message).toBe(
      'The image is too large: please choose one of 2 MB or less.',
    );
    expect(new ImageRejectedError('unsupported_type').message).toBe('Please choose a JPEG, PNG or WebP image.');
  });
});
