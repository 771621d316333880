import type { APIRoute } from 'astro';
import { getLocalStorageService } from '../../../../functions/storage/index.ts';

/**
 * The local Supabase-Storage-compatible service at /storage/v1/* (embedded and self-hosted
 * modes). With SUPABASE_URL set, hosted Supabase Storage is the service and this answers 404.
 */
export const ALL: APIRoute = ({ request }) => {
  const service = getLocalStorageService();
  if (!service) return new Response('Not Found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return service(request);
};
