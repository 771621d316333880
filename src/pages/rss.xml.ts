import type { APIRoute } from 'astro';
import { getEnv } from '../lib/config/env.ts';
import { siteName } from '../lib/config/site.ts';
import { catalogueDb } from '../lib/http/page.server.ts';
import { FEED_REVIEWS, latestReviewsFeed } from '../lib/reviews/feed.ts';
import { latestReviews } from '../lib/reviews/reviews.server.ts';
import { siteOrigin } from '../lib/seo/seo.ts';

/** RSS 2.0 feed of the latest published critic reviews. */
export const GET: APIRoute = async (context) => {
  const db = await catalogueDb(context);
  const origin = siteOrigin(getEnv().SITE_URL, context.url);
  const { items } = await latestReviews(db, 1, FEED_REVIEWS);
  return new Response(latestReviewsFeed(items, { origin, name: siteName() }), { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
};
