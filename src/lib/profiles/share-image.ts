import { formatCount } from '../format/numbers.ts';
import { formatHours, hoursNumber, plural, starsText } from './stats.ts';

/**
 * The shareable picture of a player's year in review: an element tree composed here (pure,
 * so a test reads what it says) that share-image.server.ts draws with satori and the
 * bundled Inter font, then sharp turns into a PNG. The size is the one Open Graph and link
 * previews show best.
 */

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** Bumped when the picture's layout changes, so cached copies give way (it is part of the key). */
export const SHARE_IMAGE_LAYOUT = 2;

/** The font families the picture draws with, in order (share-image.server.ts loads them). */
export const SHARE_IMAGE_FONTS = 'Inter, Inter Latin Ext, Inter Cyrillic, Inter Greek';

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

/** Text cut to `max` characters with an ellipsis (the picture's lines do not wrap). */
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

type Style = Record<string, string | number>;

/** An element of the picture as satori reads it (the shape of a React element, no JSX needed). */
export interface ShareNode {
  type: 'div';
  key: null;
  props: { style: Style; children?: string | ShareNode[] };
}

const box = (style: Style, children?: string | ShareNode[]): ShareNode => ({
  type: 'div',
  key: null,
  props: { style, children },
});

/** One line of text, its top `top` px from the picture's top, never wrapped. */
const line = (top: number, size: number, color: string, text: string, bold = false): ShareNode =>
  box(
    {
      position: 'absolute',
      left: 80,
      top,
      maxWidth: 1040,
      fontSize: size,
      fontWeight: bold ? 700 : 400,
      lineHeight: 1.2,
      color,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    text,
  );

/**
 * The picture as an element tree for satori. Text is given as text (satori draws it as
 * paths with the fonts it is handed), so names need no escaping; they are cut to fit.
 */
export function shareImageTree(content: ShareImageContent): ShareNode {
  const { width, height } = SHARE_IMAGE;
  const figures: [string, string][] = [
    [formatCount(content.gamesFinished), content.gamesFinished === 1 ? 'game finished' : 'games finished'],
    [hoursNumber(content.hours), content.hours === 1 ? 'hour played' : 'hours played'],
    [formatCount(content.reviews), content.reviews === 1 ? 'review' : 'reviews'],
    [formatCount(content.lists), content.lists === 1 ? 'list made' : 'lists made'],
  ];
  const title = `${clip(content.displayName, 32)}’s ${content.year}`;
  const size = titleSize(title);
  const lines: string[] = [];
  if (content.best) lines.push(`Best rated: ${clip(content.best.title, 40)} (${starsText(content.best.rating)})`);
  if (content.genre) lines.push(`Most played genre: ${clip(content.genre, 40)}`);
  if (content.platform) lines.push(`Most played platform: ${clip(content.platform, 40)}`);
  const cards = figures.map(([value, label], index) =>
    box(
      {
        position: 'absolute',
        left: 80 + index * 270,
        top: 300,
        width: 240,
        height: 150,
        borderRadius: 18,
        backgroundColor: '#134e4a',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      },
      [
        box(
          {
            margin: '20px 0 0 24px',
            fontSize: 60,
            fontWeight: 700,
            lineHeight: 1.2,
            color: '#ffffff',
            whiteSpace: 'nowrap',
          },
          value,
        ),
        box({ marginLeft: 24, fontSize: 26, lineHeight: 1.2, color: '#99f6e4', whiteSpace: 'nowrap' }, label),
      ],
    ),
  );
  return box(
    {
      width,
      height,
      display: 'flex',
      position: 'relative',
      fontFamily: SHARE_IMAGE_FONTS,
      backgroundImage: 'linear-gradient(to bottom right, #0f172a, #042f2e)',
    },
    [
      line(80, 30, '#5eead4', clip(content.siteName, 40), true),
      line(190 - Math.round(size * 0.97), size, '#ffffff', title, true),
      line(214, 30, '#cbd5e1', `@${content.username} · year in review`),
      ...cards,
      ...lines.map((text, index) => line(482 + index * 38, 28, '#e2e8f0', text)),
    ],
  );
}
