import type { APIRoute } from 'astro';
import { getEnv } from '../lib/config/env.ts';
import { siteName } from '../lib/config/site.ts';
import { getDb } from '../lib/db/db.server.ts';
import { latestReviews } from '../lib/reviews/reviews.server.ts';
import { formatRawScore } from '../lib/scores/scores.ts';
import { rssFeed } from '../lib/seo/seo.ts';

/** RSS 2.0 feed of the 50 latest published critic reviews. */
export const GET: APIRoute = async () => {
  const db = await getDb();
  const origin = getEnv().siteOrigin;
  const { reviews } = await latestReviews(db, 1, 50);
  const name = siteName();
  const xml = rssFeed(
    { title: `${name}: latest critic reviews`, link: `${origin}/reviews`, description: 'The newest critic reviews, with each score as given and on 0–100.', self: `${origin}/rss.xml` },
    reviews.map((review) => ({
      title: `${review.gameTitle}: ${review.outletName}${review.outletIsDemo ? ' (demo outlet)' : ''} — ${formatRawScore(review.scale, review.rawScore)}${review.score !== null ? ` (${review.score}/100)` : ''}`,
      link: `${origin}/games/${review.gameSlug}/reviews`,
      guid: `${origin}/critic-reviews/${review.id}`,
      description: [review.verdict, review.excerpt].filter(Boolean).join(' '),
      published: review.publishedAt,
    })),
  );
  return new Response(xml, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
