/**
 * What a page needs to draw a game cover from the one URL a game row keeps
 * (games.cover_image_url). A cover that went through the site's pipeline is stored as
 * `<game id>/cover-w<width>-<version>.<avif|webp>` for every width of COVER_WIDTHS, all
 * with the same version, and the row points at the largest WebP: so the URL alone gives
 * every variant, and a page builds `srcset` without asking storage what exists. A cover on
 * IGDB's CDN (not copied yet) gets IGDB's own sizes. Any other URL (an older upload, an
 * outside image) is drawn as it is. Pure: importable anywhere.
 */
import { COVER_WIDTHS } from './images.ts';

/** How wide a cover is drawn, for the browser's pick from `srcset` (`sizes`). */
export const COVER_SIZES = {
  /** The game page: 12rem on phones, 16rem beside the details from md up. */
  page: '(min-width: 768px) 16rem, 12rem',
  /** Game cards in GameGrid: two columns on phones, three from sm, four from md, six from lg. */
  card: '(min-width: 1024px) 12rem, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw',
  /** Covers on a cover wall (profiles, lists): three to six columns. */
  wall: '(min-width: 640px) 8rem, 33vw',
  /** A small cover beside a row of text (shelves, rankings, list entries). */
  thumb: '5rem',
} as const;

export type CoverSize = keyof typeof COVER_SIZES;

export interface CoverSources {
  /** The WebP the <img> falls back to: 300 px wide, enough for cards. */
  src: string;
  avifSrcset: string;
  webpSrcset: string;
  /** The cover's intrinsic shape, for width and height attributes (3:4). */
  width: number;
  height: number;
}

const PIPELINE_NAME = /^(.*\/)cover-w(\d+)-([0-9a-f]{16})\.(?:webp|avif)$/;
const FALLBACK_WIDTH = 300;

/** The stored name of one variant: the same scheme storeImageVariants writes. */
export function coverVariantName(width: number, version: string, format: 'avif' | 'webp'): string {
  return `cover-w${width}-${version}.${format}`;
}

/** The variants of a pipeline cover, or null for any other URL (drawn as a plain image). */
export function coverSources(url: string | null | undefined): CoverSources | null {
  if (!url) return null;
  const match = PIPELINE_NAME.exec(url);
  if (!match) return null;
  const prefix = match[1]!;
  const version = match[3]!;
  if (!COVER_WIDTHS.some((known) => String(known) === match[2])) return null;
  const srcset = (format: 'avif' | 'webp') =>
    COVER_WIDTHS.map((w) => `${prefix}${coverVariantName(w, version, format)} ${w}w`).join(', ');
  return {
    src: `${prefix}${coverVariantName(FALLBACK_WIDTH, version, 'webp')}`,
    avifSrcset: srcset('avif'),
    webpSrcset: srcset('webp'),
    width: FALLBACK_WIDTH,
    height: (FALLBACK_WIDTH * 4) / 3,
  };
}

/**
 * IGDB's image CDN, where the catalogue sync's covers live until they are copied into the
 * site's storage: `https://images.igdb.com/igdb/image/upload/t_{size}/{image_id}.jpg`.
 */
export const IGDB_IMAGE_ORIGIN = 'https://images.igdb.com';
const IGDB_COVER =
  /^https:\/\/images\.igdb\.com\/igdb\/image\/upload\/t_[a-z0-9_]+\/([a-z0-9]{1,64})\.(?:jpg|png|webp)$/;

/**
 * IGDB's cover sizes (api-docs.igdb.com, "Images": each fits the cover in a box of that
 * width, 3:4 or so). `cover_big_2x` is the retina variant of `cover_big`; the game page's
 * 16rem at twice the density needs no more.
 */
export const IGDB_COVER_SIZES = [
  { size: 'cover_small', width: 90 },
  { size: 'cover_big', width: 264 },
  { size: 'cover_big_2x', width: 528 },
] as const;

/** The image id of a cover on IGDB's CDN (any size), or null for any other URL. */
export function igdbCoverImageId(url: string | null | undefined): string | null {
  return (url && IGDB_COVER.exec(url)?.[1]) || null;
}

export interface IgdbCoverSources {
  src: string;
  srcset: string;
  width: number;
  height: number;
}

/** A cover still on IGDB's CDN, drawn in IGDB's own sizes (the browser picks by `sizes`), or null. */
export function igdbCoverSources(url: string | null | undefined): IgdbCoverSources | null {
  const imageId = igdbCoverImageId(url);
  if (!imageId) return null;
  const at = (size: string) => `${IGDB_IMAGE_ORIGIN}/igdb/image/upload/t_${size}/${imageId}.jpg`;
  return {
    src: at('cover_big'),
    srcset: IGDB_COVER_SIZES.map(({ size, width }) => `${at(size)} ${width}w`).join(', '),
    width: 264,
    height: 352,
  };
}

/** Initials and a hue for a game without a cover: the same title always gets the same placeholder. */
export function coverPlaceholder(title: string): { initials: string; hue: number } {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const initials = title
    .split(/[\s:–-]+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return { initials, hue: hash % 360 };
}
