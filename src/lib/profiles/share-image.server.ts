import latinExt400 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff?inline';
import latinExt700 from '@fontsource/inter/files/inter-latin-ext-700-normal.woff?inline';
import latin400 from '@fontsource/inter/files/inter-latin-400-normal.woff?inline';
import latin700 from '@fontsource/inter/files/inter-latin-700-normal.woff?inline';
import cyrillic400 from '@fontsource/inter/files/inter-cyrillic-400-normal.woff?inline';
import cyrillic700 from '@fontsource/inter/files/inter-cyrillic-700-normal.woff?inline';
import greek400 from '@fontsource/inter/files/inter-greek-400-normal.woff?inline';
import greek700 from '@fontsource/inter/files/inter-greek-700-normal.woff?inline';
import satori, { type Font } from 'satori';
import sharp from 'sharp';
import { SHARE_IMAGE, shareImageTree, type ShareImageContent } from './share-image.ts';

/**
 * Draws the year-in-review picture: satori lays the tree out and writes its text as paths
 * with Inter (@fontsource/inter, SIL OFL 1.1), then sharp renders that SVG to PNG. No system
 * font is read, so it looks the same on the node server and on Vercel, which has none. The
 * fonts come in through `?inline` imports: they are part of the server bundle, with no file
 * to trace. The last few renders are kept in memory by their key (player, year and what the
 * picture shows), so a link shared widely is drawn once per server; the caller checks who
 * may see it first.
 */

const KEPT_RENDERS = 64;
const renders = new Map<string, Promise<Buffer>>();

/** Each subset under a name of its own, listed in SHARE_IMAGE_FONTS: satori looks a missing letter up in the next family, not in another file of the same one. */
const subsets: [string, string, 400 | 700][] = [
  [latin400, 'Inter', 400],
  [latin700, 'Inter', 700],
  [latinExt400, 'Inter Latin Ext', 400],
  [latinExt700, 'Inter Latin Ext', 700],
  [cyrillic400, 'Inter Cyrillic', 400],
  [cyrillic700, 'Inter Cyrillic', 700],
  [greek400, 'Inter Greek', 400],
  [greek700, 'Inter Greek', 700],
];
let fonts: Font[] | undefined;

/** The font files, decoded once from the data URLs the bundle holds. */
function interFonts(): Font[] {
  fonts ??= subsets.map(([dataUrl, name, weight]) => ({
    name,
    data: Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'),
    weight,
    style: 'normal',
  }));
  return fonts;
}

/** The picture as SVG, every letter a path. */
export function shareImageSvg(content: ShareImageContent): Promise<string> {
  return satori(shareImageTree(content), { ...SHARE_IMAGE, fonts: interFonts() });
}

export function renderShareImage(cacheKey: string, content: ShareImageContent): Promise<Buffer> {
  const kept = renders.get(cacheKey);
  if (kept) {
    renders.delete(cacheKey);
    renders.set(cacheKey, kept);
    return kept;
  }
  const rendering = shareImageSvg(content).then((svg) =>
    sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer(),
  );
  renders.set(cacheKey, rendering);
  rendering.catch(() => renders.delete(cacheKey));
  while (renders.size > KEPT_RENDERS) renders.delete(renders.keys().next().value!);
  return rendering;
}
