import type { APIRoute } from 'astro';
import { getEnv } from '../lib/config/env.ts';
import { siteName } from '../lib/config/site.ts';
import { getDb } from '../lib/db/db.server.ts';
import { FEED_REVIEWS, latestReviewsFeed } from '../lib/reviews/feed.ts';
import { latestReviews } from '../lib/reviews/reviews.server.ts';

/** RSS 2.0 feed of the latest published critic reviews. */
export const GET: APIRoute = async () => {
  const db = await getDb();
  const origin = getEnv().siteOrigin;
  const { items } = await latestReviews(db, 1, FEED_REVIEWS);
  return new Response(await latestReviewsFeed(items, { origin, name: siteName() }), {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
  });
};
