import { formatCount } from '../format/numbers.ts';
import { formatHours, hoursNumber, plural, starsText } from './stats.ts';

/**
 * The shareable picture of a player's year in review: an SVG composed here (pure, so a test
 * reads what it says) that share-image.server.ts renders to PNG with sharp. The size is
 * the one Open Graph and link previews show best.
 */

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** Bumped when the picture's layout changes, so cached copies give way (it is part of the key). */
export const SHARE_IMAGE_LAYOUT = 1;

export interface ShareImageContent {
  siteName: string;
  username: string;
  displayName: string;
  year: number;
  gamesFinished: number;
  gamesPlayed: number;
  hours: number;
  reviews: number;
  lists: number;
  best: { title: string; rating: number } | null;
  genre: string | null;
  platform: string | null;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** Text cut to `max` characters with an ellipsis (SVG text does not wrap). */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** What the picture says, line by line: the alt text of the Open Graph tag says the same. */
export function shareImageAlt(content: ShareImageContent): string {
  const parts = [
    `${content.displayName}'s ${content.year} in review on ${content.siteName}`,
    `${plural(content.gamesFinished, 'game', 'games')} finished`,
    formatHours(content.hours),
    `${plural(content.reviews, 'review', 'reviews')} written`,
    `${plural(content.lists, 'list', 'lists')} made`,
  ];
  if (content.best) parts.push(`best rated: ${content.best.title} (${starsText(content.best.rating)})`);
  if (content.genre) parts.push(`most played genre: ${content.genre}`);
  if (content.platform) parts.push(`most played platform: ${content.platform}`);
  return `${parts.join('; ')}.`;
}

/**
 * The heading's font size: 64 px, smaller for a long name so it fits the 1040 px between
 * the margins (a bold sans-serif letter is about 0.66 of its size wide).
 */
export function titleSize(title: string): number {
  return Math.min(64, Math.floor(1040 / ([...title].length * 0.66)));
}

export function shareImageSvg(content: ShareImageContent): string {
  const { width, height } = SHARE_IMAGE;
  const figures: [string, string][] = [
    [formatCount(content.gamesFinished), content.gamesFinished === 1 ? 'game finished' : 'games finished'],
    [hoursNumber(content.hours), content.hours === 1 ? 'hour played' : 'hours played'],
    [formatCount(content.reviews), content.reviews === 1 ? 'review' : 'reviews'],
    [formatCount(content.lists), content.lists === 1 ? 'list made' : 'lists made'],
  ];
  const title = `${clip(content.displayName, 32)}’s ${content.year}`;
  const lines: string[] = [];
  if (content.best) lines.push(`Best rated: ${clip(content.best.title, 40)} (${starsText(content.best.rating)})`);
  if (content.genre) lines.push(`Most played genre: ${clip(content.genre, 40)}`);
  if (content.platform) lines.push(`Most played platform: ${clip(content.platform, 40)}`);
  const figureSvg = figures
    .map(
      ([value, label], index) => `
    <g transform="translate(${80 + index * 270} 300)">
      <rect width="240" height="150" rx="18" fill="#134e4a"/>
      <text x="24" y="78" font-size="60" font-weight="700" fill="#ffffff">${escapeXml(value)}</text>
      <text x="24" y="120" font-size="26" fill="#99f6e4">${escapeXml(label)}</text>
    </g>`,
    )
    .join('');
  const lineSvg = lines
    .map(
      (line, index) => `<text x="80" y="${510 + index * 38}" font-size="28" fill="#e2e8f0">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f172a"/>
      <stop offset="1" stop-color="#042f2e"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <text x="80" y="110" font-size="30" fill="#5eead4" font-weight="700">${escapeXml(clip(content.siteName, 40))}</text>
  <text x="80" y="190" font-size="${titleSize(title)}" font-weight="700" fill="#ffffff">${escapeXml(title)}</text>
  <text x="80" y="245" font-size="30" fill="#cbd5e1">@${escapeXml(content.username)} · year in review</text>${figureSvg}
  ${lineSvg}
</svg>`;
}
