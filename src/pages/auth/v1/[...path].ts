import type { APIRoute } from 'astro';
import { clientAddressOf } from '../../../../functions/auth/context.ts';
import { ON_VERCEL } from '../../../lib/config/platform.server.ts';

/**
 * The local Supabase-Auth-compatible service at /auth/v1/* (embedded and self-hosted
 * modes). With SUPABASE_URL set, hosted Supabase Auth is the service and this answers 404;
 * the Vercel build does not carry the service at all.
 */
export const ALL: APIRoute = async (context) => {
  const service = ON_VERCEL ? null : (await import('../../../../functions/auth/index.ts')).getLocalAuthService();
  if (!service) return new Response('Not Found', { status: 404, headers: { 'cache-control': 'no-store' } });
  return service(context.request, { clientAddress: clientAddressOf(context) });
};
