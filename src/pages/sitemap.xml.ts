import type { APIRoute } from 'astro';
import { getEnv } from '../lib/config/env.ts';
import { catalogueDb } from '../lib/http/page.server.ts';
import { planSitemaps, siteOrigin, sitemapIndexXml, urlsetXml } from '../lib/seo/seo.ts';
import { gameUrls, pageUrls, sitemapCounts } from '../lib/seo/sitemap.server.ts';

const XML = { 'content-type': 'application/xml; charset=utf-8' };

/** One sitemap while everything fits in 50 000 URLs; past that, an index of /sitemaps/*.xml. */
export const GET: APIRoute = async (context) => {
  const db = await catalogueDb(context);
  const origin = siteOrigin(getEnv().SITE_URL, context.url);
  const counts = await sitemapCounts(db);
  const plan = planSitemaps(counts);
  if (plan.index) {
    return new Response(sitemapIndexXml(plan.files.map((file) => `${origin}/sitemaps/${file}.xml`)), { headers: XML });
  }
  const urls = [...(await pageUrls(db, origin)), ...(await gameUrls(db, origin, 0, counts.games))];
  return new Response(urlsetXml(urls), { headers: XML });
};
