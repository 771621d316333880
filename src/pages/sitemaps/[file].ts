import type { APIRoute } from 'astro';
import { getEnv } from '../../lib/config/env.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { gameSitemapSlice, planSitemaps, urlsetXml } from '../../lib/seo/seo.ts';
import { gameUrls, pageUrls, sitemapCounts } from '../../lib/seo/sitemap.server.ts';

/** The files a sitemap index lists: /sitemaps/pages.xml and /sitemaps/games-N.xml. */
export const GET: APIRoute = async (context) => {
  const name = (context.params.file ?? '').replace(/\.xml$/, '');
  if (!(context.params.file ?? '').endsWith('.xml')) return new Response('Not found', { status: 404 });
  const db = await getDb();
  const counts = await sitemapCounts(db);
  const origin = getEnv().siteOrigin;
  const headers = { 'content-type': 'application/xml; charset=utf-8' };
  if (name === 'pages' && planSitemaps(counts).index)
    return new Response(urlsetXml(await pageUrls(db, origin)), { headers });
  const slice = gameSitemapSlice(name, counts);
  if (!slice) return new Response('Not found', { status: 404 });
  return new Response(urlsetXml(await gameUrls(db, origin, slice.offset, slice.limit)), { headers });
};
