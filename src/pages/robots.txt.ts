import type { APIRoute } from 'astro';
import { getEnv } from '../lib/config/env.ts';
import { robotsTxt } from '../lib/seo/seo.ts';

export const GET: APIRoute = () =>
  new Response(robotsTxt(getEnv().siteOrigin), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
