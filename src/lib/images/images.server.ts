import sharp from 'sharp';
import {
  ImageRejectedError,
  MAX_IMAGE_PIXELS,
  sniffImageType,
  type AcceptedImageType,
  type ImageFormat,
  type ImageUse,
} from './images.ts';

/**
 * Turns an uploaded image into the variants a use needs, in WebP or in each of its formats
 * (AVATAR_IMAGE: 256 and 64 px WebP squares; GAME_COVER_IMAGE: four widths in AVIF and WebP).
 * Nothing about the upload is trusted: the size is checked first, the type comes from the
 * bytes (a text file renamed .png is refused), the decoder refuses more than MAX_IMAGE_PIXELS
 * and damaged data, and the output carries no metadata at all (no EXIF,
 * no GPS position, no camera details, no embedded profile): sharp writes none unless asked,
 * after turning the pixels upright by the EXIF orientation and into sRGB.
 */

export interface ImageVariant {
  name: string;
  width: number;
  height: number;
  format: ImageFormat;
  contentType: `image/${ImageFormat}`;
  bytes: Buffer;
}

export interface ProcessedImage {
  sourceType: AcceptedImageType;
  variants: ImageVariant[];
}

const SHARP_FORMAT: Record<AcceptedImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const WEBP_QUALITY = 82;
// AVIF reaches WebP's look at a lower quality figure; effort 3 of 9 keeps a cover's four
// sizes within about a second on a small server.
const AVIF_OPTIONS = { quality: 55, effort: 3 } as const;

function decoder(input: Uint8Array, maxPixels: number) {
  // failOn 'error': truncated or corrupt data is refused instead of half-decoded;
  // animated input contributes its first frame only.
  return sharp(input, { limitInputPixels: maxPixels, failOn: 'error', animated: false, sequentialRead: true });
}

function rejectionFor(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : '';
  return new ImageRejectedError(/pixel limit/i.test(message) ? 'too_many_pixels' : 'unreadable');
}

export async function processImage(
  input: Uint8Array,
  use: ImageUse,
  maxPixels = MAX_IMAGE_PIXELS,
): Promise<ProcessedImage> {
  if (input.byteLength > use.maxBytes) throw new ImageRejectedError('too_large', use.maxBytes);
  const sourceType = sniffImageType(input);
  if (!sourceType) throw new ImageRejectedError('unsupported_type');

  try {
    const metadata = await decoder(input, maxPixels).metadata();
    // The signature and the decoder must agree (a PNG header glued onto something else).
    if (metadata.format !== SHARP_FORMAT[sourceType]) throw new ImageRejectedError('unsupported_type');
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) throw new ImageRejectedError('too_many_pixels');
  } catch (error) {
    throw error instanceof ImageRejectedError ? error : rejectionFor(error);
  }

  const variants: ImageVariant[] = [];
  for (const format of use.formats ?? ['webp']) {
    for (const spec of use.variants) {
      try {
        const resized = decoder(input, maxPixels)
          .autoOrient()
          .resize({ width: spec.width, height: spec.height, fit: spec.fit });
        const encoded = format === 'avif' ? resized.avif(AVIF_OPTIONS) : resized.webp({ quality: WEBP_QUALITY });
        const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
        variants.push({
          name: spec.name,
          width: info.width,
          height: info.height,
          format,
          contentType: `image/${format}`,
          bytes: data,
        });
      } catch (error) {
        throw rejectionFor(error);
      }
    }
  }
  return { sourceType, variants };
}
