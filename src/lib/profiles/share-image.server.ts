import sharp from 'sharp';
import { shareImageSvg, type ShareImageContent } from './share-image.ts';

/**
 * Renders the year-in-review picture to PNG with sharp (its SVG input, librsvg). The last
 * few renders are kept in memory by their key (player, year and what the picture shows),
 * so a link shared widely is drawn once per server; the caller checks who may see it first.
 */

const KEPT_RENDERS = 64;
const renders = new Map<string, Promise<Buffer>>();

export function renderShareImage(cacheKey: string, content: ShareImageContent): Promise<Buffer> {
  const kept = renders.get(cacheKey);
  if (kept) {
    renders.delete(cacheKey);
    renders.set(cacheKey, kept);
    return kept;
  }
  const rendering = sharp(Buffer.from(shareImageSvg(content)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  renders.set(cacheKey, rendering);
  rendering.catch(() => renders.delete(cacheKey));
  while (renders.size > KEPT_RENDERS) renders.delete(renders.keys().next().value!);
  return rendering;
}
