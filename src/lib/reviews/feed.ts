import { formatRawScore } from '../scores/scores.ts';
import { rssFeed } from '../seo/seo.ts';
import type { ReviewItem } from './reviews.ts';

/** How many reviews the RSS feed carries. */
export const FEED_REVIEWS = 50;

/** The RSS 2.0 feed of the latest reviews: one item per review, linking to its game's reviews page. */
export function latestReviewsFeed(reviews: readonly ReviewItem[], site: { origin: string; name: string }): string {
  const { origin, name } = site;
  return rssFeed(
    {
      title: `${name}: latest critic reviews`,
      link: `${origin}/reviews`,
      description: 'The newest critic reviews, with each score as given and on 0–100.',
      self: `${origin}/rss.xml`,
    },
    reviews.map((review) => ({
      title: `${review.gameTitle}: ${review.outletName}${review.outletIsDemo ? ' (demo outlet)' : ''} — ${formatRawScore(review.scale, review.rawScore)}${review.score !== null ? ` (${review.score}/100)` : ''}`,
      link: `${origin}/games/${review.gameSlug}/reviews`,
      guid: `${origin}/critic-reviews/${review.id}`,
      description: [review.verdict, review.excerpt].filter(Boolean).join(' '),
      published: review.publishedAt,
    })),
  );
}
