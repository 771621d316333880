import { createBrowserClient } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import { REMOTE_TIMEOUT_MS } from '../config/remote-timeouts.ts';
import { REALTIME_CLIENT_OPTIONS } from '../notifications/realtime.ts';
import { authCookieOptions } from './cookies.ts';
import type { PublicAuthConfig } from './types.ts';

/**
 * The one supabase client of the browser (createBrowserClient keeps a singleton): the
 * session lives in the same cookies the server reads. In embedded and self-hosted modes
 * its URL is the site's own origin, where the local auth service answers /auth/v1.
 */
export function getBrowserClient(config: PublicAuthConfig): SupabaseClient {
  return createBrowserClient(config.url || window.location.origin, config.anonKey, {
    cookieOptions: authCookieOptions(window.location.origin),
    global: { fetch: fetchWithRetry },
    realtime: REALTIME_CLIENT_OPTIONS,
  });
}

/** Calls to the backend are retried up to 3 times when the network fails. */
export const FETCH_RETRIES = 3;

/**
 * A signal that aborts after `ms` (a TimeoutError, which supabase-js reports as a network
 * failure: "Network error. Please check your connection and try again."), or with `caller`.
 * It stays armed while the body is read.
 */
function attemptSignal(ms: number, caller: AbortSignal | null | undefined): { signal: AbortSignal; timedOut: () => boolean } {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The backend gave no answer in time.', 'TimeoutError')), ms);
  if (caller) {
    if (caller.aborted) controller.abort(caller.reason);
    else caller.addEventListener('abort', () => controller.abort(caller.reason), { once: true });
  }
  return { signal: controller.signal, timedOut: () => controller.signal.aborted && !caller?.aborted };
}

export async function fetchWithRetry(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const { signal, timedOut } = attemptSignal(REMOTE_TIMEOUT_MS.browserAuth, init?.signal);
    try {
      return await fetch(input, { ...init, signal });
    } catch (error) {
      // Only network failures (fetch rejects); an HTTP error status is an answer, not retried.
      // Nor is an attempt that ran out of time: the backend may have acted on it.
      if (attempt >= FETCH_RETRIES || init?.signal?.aborted || timedOut()) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
}
