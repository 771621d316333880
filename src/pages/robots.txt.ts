import type { APIRoute } from 'astro';
import { getEnv } from '../lib/config/env.ts';
import { robotsTxt, siteOrigin } from '../lib/seo/seo.ts';

export const GET: APIRoute = ({ url }) =>
  new Response(robotsTxt(siteOrigin(getEnv().SITE_URL, url)), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
