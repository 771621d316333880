/**
 * Uploaded images: what the site accepts, how it recognises a file's real type from its
 * first bytes, the variants each use needs, and the messages a refused file gets. Pure and
 * browser-safe: an island uses the same types, limits and messages for its file picker as
 * the server (src/lib/images/images.server.ts), which decides.
 */

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** A variant to produce: `fit` as CSS object-fit (cover crops to fill, inside keeps the whole image). */
export interface ImageVariantSpec {
  /** Used in the stored file name, e.g. "256". */
  name: string;
  width: number;
  height: number;
  fit: 'cover' | 'inside';
}

export type ImageFormat = 'webp' | 'avif';

export interface ImageUse {
  maxBytes: number;
  variants: readonly ImageVariantSpec[];
  /** Every variant is written in each of these formats; WebP alone when absent. */
  formats?: readonly ImageFormat[];
}

/** Profile pictures: the avatars bucket's 5 MB limit; 256 px for the profile, 64 px for lists and menus. */
export const AVATAR_IMAGE: ImageUse = {
  maxBytes: 5 * 1024 * 1024,
  variants: [
    { name: '256', width: 256, height: 256, fit: 'cover' },
    { name: '64', width: 64, height: 64, fit: 'cover' },
  ],
};

/**
 * The widths of a game cover's variants (3:4, so every height is whole): 150 for list rows,
 * 300 and 450 for cards on 1x to 3x screens, 600 for the game page. Part of the stored names
 * (cover-w<width>-<version>.<format>, src/lib/images/covers.ts builds srcset from them): a
 * different set of widths needs a new name scheme, not a change here.
 */
export const COVER_WIDTHS = [150, 300, 450, 600] as const;

/** Game covers: each width in AVIF and WebP, cropped to 3:4 like every cover on the site. */
export const GAME_COVER_IMAGE: ImageUse = {
  maxBytes: 5 * 1024 * 1024,
  formats: ['avif', 'webp'],
  variants: COVER_WIDTHS.map((width) => ({ name: `w${width}`, width, height: (width * 4) / 3, fit: 'cover' as const })),
};

/** Outlet logos: kept whole (logos are not cropped), 256 px for the outlet page, 64 px for review rows. */
export const OUTLET_LOGO_IMAGE: ImageUse = {
  maxBytes: 5 * 1024 * 1024,
  variants: [
    { name: '256', width: 256, height: 256, fit: 'inside' },
    { name: '64', width: 64, height: 64, fit: 'inside' },
  ],
};

/** Decoding budget: a small file can still unpack into a huge bitmap ("decompression bomb"). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type ImageRejection = 'unsupported_type' | 'too_large' | 'too_many_pixels' | 'unreadable';

export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

export const IMAGE_MESSAGES = {
  unsupported_type: () => 'Please choose a JPEG, PNG or WebP image.',
  too_large: (maxBytes: number) => `The image is too large: please choose one of ${formatMegabytes(maxBytes)} or less.`,
  too_many_pixels: () =>
    `The image has too many pixels: please choose one of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  unreadable: () => 'The image could not be read. It may be damaged: please choose another file.',
} as const;

/** A refused image; `message` is meant for the person who chose the file. */
export class ImageRejectedError extends Error {
  readonly reason: ImageRejection;
  constructor(reason: ImageRejection, maxBytes = 0) {
    super(reason === 'too_large' ? IMAGE_MESSAGES.too_large(maxBytes) : IMAGE_MESSAGES[reason]());
    this.name = 'ImageRejectedError';
    this.reason = reason;
  }
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** The image type the bytes really are (by their signature), whatever the file is called; null for anything else. */
export function sniffImageType(bytes: Uint8Array): AcceptedImageType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}
