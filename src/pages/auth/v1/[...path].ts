import type { APIRoute } from 'astro';
import { clientAddressOf } from '../../../../functions/auth/context.ts';
import { getLocalAuthService } from '../../../../functions/auth/index.ts';

/**
 * The local Supabase-Auth-compatible service at /auth/v1/* (embedded and self-hosted
 * modes). With SUPABASE_URL set, hosted Supabase Auth is the service and this answers 404.
 */
export const ALL: APIRoute = (context) => {
  const service = getLocalAuthService();
  if (!service) return new Response('Not Found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return service(context.request, { clientAddress: clientAddressOf(context) });
};
