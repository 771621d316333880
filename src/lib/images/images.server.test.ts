import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { processImage } from './images.server.ts';
import { AVATAR_IMAGE, GAME_COVER_IMAGE, IMAGE_MESSAGES, ImageRejectedError, type ImageUse } from './images.ts';

// Real, tiny images made with sharp itself: a 120x80 photo-like gradient in each accepted
// format, the JPEG carrying EXIF with a camera and a GPS position, and rotated by EXIF.

let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;
let rotatedJpeg: Buffer;

async function gradient(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const EXIF = {
  IFD0: { Make: 'Critical Hit Camera', Model: 'Test 1', Copyright: 'Someone' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
};

beforeAll(async () => {
  jpeg = await (await gradient(120, 80)).jpeg().withExif(EXIF).toBuffer();
  png = await (await gradient(120, 80)).png().toBuffer();
  webp = await (await gradient(120, 80)).webp().toBuffer();
  // Stored sideways (80x120) with orientation 6: a viewer shows it 120 wide.
  rotatedJpeg = await (await gradient(80, 120)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
});

async function rejection(
  input: Uint8Array,
  use: ImageUse = AVATAR_IMAGE,
  maxPixels?: number,
): Promise<ImageRejectedError> {
  const error = await processImage(input, use, maxPixels).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe('processImage', () => {
  it('accepts JPEG, PNG and WebP by their bytes and makes 256 px and 64 px square WebP avatars', async () => {
    for (const [input, type] of [
      [jpeg, 'image/jpeg'],
      [png, 'image/png'],
      [webp, 'image/webp'],
    ] as const) {
      const result = await processImage(input, AVATAR_IMAGE);
      expect(result.sourceType).toBe(type);
      expect(
        result.variants.map(({ name, width, height, contentType }) => ({ name, width, height, contentType })),
      ).toEqual([
        { name: '256', width: 256, height: 256, contentType: 'image/webp' },
        { name: '64', width: 64, height: 64, contentType: 'image/webp' },
      ]);
      for (const variant of result.variants) {
        const meta = await sharp(variant.bytes).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: 'webp',
          width: variant.width,
          height: variant.height,
        });
      }
    }
  });

  it('makes a cover in four 3:4 widths, each in AVIF and WebP, cropped to fill', async () => {
    const result = await processImage(png, GAME_COVER_IMAGE);
    const made = result.variants.map(({ name, width, height, format }) => `${format} ${name} ${width}x${height}`);
    expect(made).toEqual([
      'avif w150 150x200',
      'avif w300 300x400',
      'avif w450 450x600',
      'avif w600 600x800',
      'webp w150 150x200',
      'webp w300 300x400',
      'webp w450 450x600',
      'webp w600 600x800',
    ]);
    for (const variant of result.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format === 'heif' ? 'image/avif' : `image/${meta.format}`).toBe(variant.contentType);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('keeps the whole picture within the box for an "inside" variant', async () => {
    const result = await processImage(png, {
      maxBytes: 1024 * 1024,
      variants: [{ name: 'cover', width: 60, height: 60, fit: 'inside' }],
    });
    expect(result.variants[0]).toMatchObject({ width: 60, height: 40 });
  });

  it('strips every piece of metadata, the GPS position and camera included', async () => {
    const input = await sharp(jpeg).metadata();
    expect(input.exif).toBeDefined();
    expect(input.exif!.toString('latin1')).toContain('Critical Hit Camera');
    const [variant] = (await processImage(jpeg, AVATAR_IMAGE)).variants;
    const output = await sharp(variant!.bytes).metadata();
    expect(output.exif).toBeUndefined();
    expect(output.xmp).toBeUndefined();
    expect(output.icc).toBeUndefined();
    expect(output.orientation).toBeUndefined();
    expect(variant!.bytes.toString('latin1')).not.toContain('Critical Hit Camera');
  });

  it('turns the picture upright by its EXIF orientation before dropping it', async () => {
    const result = await processImage(rotatedJpeg, {
      maxBytes: 1024 * 1024,
      variants: [{ name: 'w', width: 60, height: 60, fit: 'inside' }],
    });
    expect(result.variants[0]).toMatchObject({ width: 60, height: 40 });
  });

  it('refuses a text file renamed .png, and other formats, whatever they are called', async () => {
    const text = Buffer.from('This is not a picture, just text saved as avatar.png\n');
    expect((await rejection(text)).message).toBe(IMAGE_MESSAGES.unsupported_type());
    const gif = await (await gradient(10, 10)).gif().toBuffer();
    expect((await rejection(gif)).reason).toBe('unsupported_type');
    // A PNG signature glued onto other bytes.
    const forged = Buffer.concat([png.subarray(0, 8), Buffer.from('<svg onload="alert(1)"/>')]);
    expect((await rejection(forged)).reason).toMatch(/unsupported_type|unreadable/);
  });

  it('refuses a file over the size limit before decoding it', async () => {
    const error = await rejection(png, { maxBytes: png.byteLength - 1, variants: AVATAR_IMAGE.variants });
    expect(error.reason).toBe('too_large');
    expect(AVATAR_IMAGE.maxBytes).toBe(5 * 1024 * 1024);
    expect(IMAGE_MESSAGES.too_large(AVATAR_IMAGE.maxBytes)).toBe(
      'The image is too large: please choose one of 5 MB or less.',
    );
  });

  it('refuses an image with more pixels than the decoding budget', async () => {
    const error = await rejection(png, AVATAR_IMAGE, 120 * 80 - 1);
    expect(error.reason).toBe('too_many_pixels');
  });

  it('refuses damaged data with a clear message', async () => {
    const truncated = jpeg.subarray(0, Math.floor(jpeg.byteLength / 2));
    const error = await rejection(truncated);
    expect(error.reason).toBe('unreadable');
    expect(error.message).toBe(IMAGE_MESSAGES.unreadable());
  });
});
