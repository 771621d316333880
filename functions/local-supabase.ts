import type { AuthRequestContext } from './auth/service.ts';
import { getLocalAuthService } from './auth/index.ts';
import { getLocalStorageService } from './storage/index.ts';

/**
 * A fetch for the server's supabase client in embedded and self-hosted modes: calls to the
 * site's own /auth/v1 and /storage/v1 go straight to the in-process services (no network
 * hop back into the same server); anything else is fetched. Undefined in Supabase mode,
 * where the client talks to the hosted project. The middleware injects it (src/lib may not
 * import functions/).
 */
export function localSupabaseFetch(context: AuthRequestContext): typeof fetch | undefined {
  const auth = getLocalAuthService();
  const storage = getLocalStorageService();
  if (!auth && !storage) return undefined;
  return async (input, init) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    if (auth && pathname.startsWith('/auth/v1/')) return auth(request, context);
    if (storage && pathname.startsWith('/storage/v1/')) return storage(request);
    return fetch(request);
  };
}
