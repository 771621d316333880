/**
 * How IGDB covers are copied into the site's storage (covers.server.ts): which IGDB size is
 * downloaded, how many games a step takes, and when a failed copy is tried again. Pure.
 */
/**
 * The IGDB size downloaded for the pipeline: `t_1080p` fits the cover in 1920×1080, so a 3:4
 * cover comes at about 810×1080, more than the largest stored width (600). `t_cover_big`
 * (264 wide) and `t_720p` (about 540 wide for a cover) would be scaled up.
 */
export const IGDB_COPY_SIZE = 't_1080p';
/** About how wide a cover comes in that size (a test holds it above COVER_WIDTHS' largest). */
export const IGDB_COPY_SOURCE_WIDTH = 810;

/** Games a step takes by default: each download has its own deadline (10 s). */
export const COVER_COPY_DEFAULT_COUNT = 40;
/** Downloads and encodings at once: IGDB's CDN is not its API (no 4-a-second limit), but the machine is small. */
export const COVER_COPY_CONCURRENCY = 4;

/** A failed copy is tried this many times in all, for the same IGDB image. */
export const COVER_COPY_MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 60 * 60 * 1000;

/** The URL a cover is downloaded from: `{base}/t_1080p/{image_id}.jpg`. */
export function igdbCopyUrl(imageBaseUrl: string, imageId: string): string {
  return `${imageBaseUrl.replace(/\/+$/, '')}/${IGDB_COPY_SIZE}/${imageId}.jpg`;
}

/**
 * When a copy that failed `attempts` times is tried again: after 1 h, 4 h, 16 h, 64 h; null
 * after the last attempt (given up until IGDB's image for the game changes; the page keeps
 * showing IGDB's CDN image meanwhile).
 */
export function nextCoverAttempt(attempts: number, now: Date): Date | null {
  if (attempts >= COVER_COPY_MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1));
}
