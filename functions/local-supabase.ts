import type { AuthRequestContext } from './auth/service.ts';
import { DEVICE_COOKIE, deviceCookieValue } from './auth/device-cookies.ts';
import { getLocalAuthService } from './auth/index.ts';
import { getLocalStorageService } from './storage/index.ts';

export interface LocalFetchContext extends AuthRequestContext {
  /** The browser's Cookie header: its device cookie goes along to the auth service. */
  cookies?: string | null | undefined;
  /** Takes each cookie the auth service sets for the browser (the device cookie after a sign-in). */
  setCookie?: ((header: string) => void) | undefined;
}

/**
 * A fetch for the server's supabase client in embedded and self-hosted modes: calls to the
 * site's own /auth/v1 and /storage/v1 go straight to the in-process services (no network
 * hop back into the same server); anything else is fetched. Undefined in Supabase mode,
 * where the client talks to the hosted project. The middleware injects it (src/lib may not
 * import functions/).
 */
export function localSupabaseFetch(context: LocalFetchContext): typeof fetch | undefined {
  const auth = getLocalAuthService();
  const storage = getLocalStorageService();
  if (!auth && !storage) return undefined;
  return async (input, init) => {
    let request = new Request(input, init);
    const { pathname } = new URL(request.url);
    if (auth && pathname.startsWith('/auth/v1/')) {
      // A sign-in the server makes for the browser (by username) is the browser's: the device
      // it comes from is known by its device cookie, and the new cookie goes back to it.
      const device = deviceCookieValue(context.cookies);
      if (device) {
        const headers = new Headers(request.headers);
        headers.set('cookie', `${DEVICE_COOKIE}=${device}`);
        request = new Request(request, { headers });
      }
      const response = await auth(request, context);
      for (const cookie of response.headers.getSetCookie()) context.setCookie?.(cookie);
      return response;
    }
    if (storage && pathname.startsWith('/storage/v1/')) return storage(request);
    return fetch(request);
  };
}
