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
 *
 * Each email link (sign-up confirmation, password reset, email change) is a PKCE flow
 * whose verifier waits in a cookie slot of its own. The flow's id travels in the link
 * (`sb_flow_id`), so the server's exchange removes exactly that slot once used; without it
 * the slot and its index would stay for the cookie's 400 days. The links lead back to the
 * site's own origin, which Supabase Auth accepts whatever their query string.
 */
export function getBrowserClient(config: PublicAuthConfig): SupabaseClient {
  // The browser client reads no tables (auth and realtime only), so it has no Database type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return createBrowserClient<any, 'public'>(config.url || window.location.origin, config.anonKey, {
    auth: { experimental: { appendPkceFlowIdToRedirects: true } },
    cookieOptions: authCookieOptions(window.location.origin),
    // Hosted Supabase Auth gets a time limit per attempt; the site's own origin answers for itself.
    global: { fetch: config.url ? hostedFetch : fetchWithRetry },
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
function attemptSignal(
  ms: number | undefined,
  caller: AbortSignal | null | undefined,
): { signal: AbortSignal | undefined; timedOut: () => boolean } {
  if (ms === undefined) return { signal: caller ?? undefined, timedOut: () => false };
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The backend gave no answer in time.', 'TimeoutError')), ms);
  if (caller) {
    if (caller.aborted) controller.abort(caller.reason);
    else caller.addEventListener('abort', () => controller.abort(caller.reason), { once: true });
  }
  return { signal: controller.signal, timedOut: () => controller.signal.aborted && !caller?.aborted };
}

/** A fetch that retries network failures, each attempt limited to `attemptTimeoutMs` when given. */
export function retryingFetch(attemptTimeoutMs?: number): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt += 1) {
      const { signal, timedOut } = attemptSignal(attemptTimeoutMs, init?.signal);
      try {
        return await fetch(input, signal ? { ...init, signal } : init);
      } catch (error) {
        // Only network failures (fetch rejects); an HTTP error status is an answer, not retried.
        // Nor is an attempt that ran out of time: the backend may have acted on it.
        if (attempt >= FETCH_RETRIES || init?.signal?.aborted || timedOut()) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      }
    }
  };
}

/** The site's own origin (embedded and self-hosted modes). */
export const fetchWithRetry = retryingFetch();
/** Hosted Supabase. */
const hostedFetch = retryingFetch(REMOTE_TIMEOUT_MS.browserAuth);
