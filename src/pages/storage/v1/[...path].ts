import type { APIRoute } from 'astro';
import { ON_VERCEL } from '../../../lib/config/platform.server.ts';

/**
 * The local Supabase-Storage-compatible service at /storage/v1/* (embedded and self-hosted
 * modes). With SUPABASE_URL set, hosted Supabase Storage is the service and this answers 404;
 * the Vercel build does not carry the service at all.
 */
export const ALL: APIRoute = async ({ request }) => {
  const service = ON_VERCEL ? null : (await import('../../../../functions/storage/index.ts')).getLocalStorageService();
  if (!service) return new Response('Not Found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return service(request);
};
