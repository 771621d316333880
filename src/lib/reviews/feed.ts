import { getRssString } from '@astrojs/rss';
import { formatRawScore } from '../scores/scores.ts';
import { escapeXml } from '../seo/seo.ts';
import type { ReviewItem } from './reviews.ts';

/** How many reviews the RSS feed carries. */
export const FEED_REVIEWS = 50;

/** Characters XML 1.0 cannot carry at all (C0 controls but tab and line ends): a reader would refuse the whole feed. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const xmlText = (text: string) => text.replace(NOT_XML, '');

/**
 * The RSS 2.0 feed of the latest reviews (@astrojs/rss): one item per review, linking to
 * its game's reviews page. Several reviews share that page, so each item's guid is the
 * review's own address (not a permalink) and feed readers show every review once.
 */
export function latestReviewsFeed(
  reviews: readonly ReviewItem[],
  site: { origin: string; name: string },
): Promise<string> {
  const { origin, name } = site;
  return getRssString({
    title: `${name}: latest critic reviews`,
    description: 'The newest critic reviews, with each score as given and on 0–100.',
    site: `${origin}/reviews`,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>en</language><atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    items: reviews.map((review) => ({
      title: xmlText(
        `${review.gameTitle}: ${review.outletName}${review.outletIsDemo ? ' (demo outlet)' : ''} — ${formatRawScore(review.scale, review.rawScore)}${review.score !== null ? ` (${review.score}/100)` : ''}`,
      ),
      link: `${origin}/games/${review.gameSlug}/reviews`,
      customData: `<guid isPermaLink="false">${escapeXml(`${origin}/critic-reviews/${review.id}`)}</guid>`,
      description: xmlText([review.verdict, review.excerpt].filter(Boolean).join(' ')),
      pubDate: review.publishedAt,
    })),
  });
}
