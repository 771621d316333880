import type { APIRoute } from 'astro';
import { getLocalAuthService } from '../../../../functions/auth/index.ts';

/**
 * The local Supabase-Auth-compatible service at /auth/v1/* (embedded and self-hosted
 * modes). With SUPABASE_URL set, hosted Supabase Auth is the service and this answers 404.
 */
export const ALL: APIRoute = ({ request, clientAddress }) => {
  const service = getLocalAuthService();
  if (!service) return new Response('Not Found', { status: 404, headers: { 'cache-control': 'no-store' } });
  let address: string | undefined;
  try {
    address = clientAddress;
  } catch {
    address = undefined;
  }
  return service(request, { clientAddress: address });
};
