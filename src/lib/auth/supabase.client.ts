import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import { REALTIME_CLIENT_OPTIONS } from '../notifications/realtime.ts';
import { authCookieOptions } from './cookies.ts';
import type { PublicAuthConfig } from './types.ts';

/**
 * The one supabase client of the browser (createBrowserClient keeps a singleton): the
 * session lives in the same cookies the server reads. In embedded and self-hosted modes
 * its URL is the site's own origin, where the local auth service answers /auth/v1.
 *
 * Each email link (sign-up confirmation, password reset, email change) is a PKCE flow
 * whose verifier waits in a cookie slot of its own. The flow's id travels in the link
 * (`sb_flow_id`), so the server's exchange removes exactly that slot once used; without it
 * the slot and its index would stay for the cookie's 400 days. The links lead back to the
 * site's own origin, which Supabase Auth accepts whatever their query string.
 */
export function getBrowserClient(config: PublicAuthConfig): SupabaseClient {
  return createBrowserClient(config.url || window.location.origin, config.anonKey, {
    auth: { experimental: { appendPkceFlowIdToRedirects: true } },
    cookieOptions: authCookieOptions(window.location.origin),
    global: { fetch: fetchWithRetry },
    realtime: REALTIME_CLIENT_OPTIONS,
  });
}

/** Calls to the backend are retried up to 3 times when the network fails. */
export const FETCH_RETRIES = 3;

export async function fetchWithRetry(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetch(input, init);
    } catch (error) {
      // Only network failures (fetch rejects); an HTTP error status is an answer, not retried.
      if (attempt >= FETCH_RETRIES || init?.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
}
