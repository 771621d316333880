import type { APIRoute } from 'astro';
import { getEnv } from '../lib/config/env.ts';
import { getDb } from '../lib/db/db.server.ts';
import { planSitemaps, sitemapIndexXml, urlsetXml } from '../lib/seo/seo.ts';
import { gameUrls, pageUrls, sitemapCounts } from '../lib/seo/sitemap.server.ts';

const XML = { 'content-type': 'application/xml; charset=utf-8' };

/** One sitemap while everything fits in 50 000 URLs; past that, an index of /sitemaps/*.xml. */
export const GET: APIRoute = async () => {
  const db = await getDb();
  const origin = getEnv().siteOrigin;
  const counts = await sitemapCounts(db);
  const plan = planSitemaps(counts);
  if (plan.index) {
    return new Response(sitemapIndexXml(plan.files.map((file) => `${origin}/sitemaps/${file}.xml`)), { headers: XML });
  }
  const urls = [...(await pageUrls(db, origin)), ...(await gameUrls(db, origin, 0, counts.games))];
  return new Response(urlsetXml(urls), { headers: XML });
};
