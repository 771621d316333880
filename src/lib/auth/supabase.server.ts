import { createServerClient, parseCookieHeader } from '@supabase/ssr';
import { isAuthRetryableFetchError, type JwtPayload, type SupabaseClient } from '@supabase/supabase-js';
import type { AstroCookies } from 'astro';
import { DatabaseUnavailableError } from '../db/errors.ts';
import { getEnv } from '../config/env.ts';
import { REMOTE_TIMEOUT_MS } from '../config/remote-timeouts.ts';
import { logRemoteFailure, RemoteServiceError, timedFetch } from '../http/remote.server.ts';
import { authCookieOptions } from './cookies.ts';
import { publicAuthConfig, serverAuthUrl } from './config.server.ts';
import { SessionCache } from './session-cache.ts';
import { withoutMalformedSession } from './session-cookie.server.ts';
import type { AuthUser } from './types.ts';

/**
 * One supabase server client per request (createServerClient with Astro's cookies), and
 * the signed-in user behind its session. The caller hands in the fetch the client uses: in
 * embedded and self-hosted modes the middleware passes the in-process fetch of the local auth
 * and storage services (this module knows nothing of them), against hosted Supabase a fetch
 * with a timeout: Node's own waits 300 s for an answer that may never come.
 */

export interface ServerClientContext {
  request: Request;
  url: URL;
  cookies: AstroCookies;
}

export interface ServerClientOptions {
  /** How the client reaches /auth/v1 (the local service's fetch in local modes). */
  fetch?: typeof fetch | undefined;
}

/** Hosted Supabase: Auth and Storage calls give up after their configured time (an upload may take longer than a key set). */
const hostedSupabaseFetch = timedFetch((url) =>
  url.pathname.startsWith('/storage/')
    ? { service: 'Supabase Storage', timeoutMs: REMOTE_TIMEOUT_MS.supabaseStorage }
    : { service: 'Supabase Auth', timeoutMs: REMOTE_TIMEOUT_MS.supabaseAuth },
);

/** The Retry-After (seconds) of the last 429 each client received from the auth service. */
const retryAfters = new WeakMap<SupabaseClient, { seconds?: number }>();

export function createSupabaseServerClient(
  context: ServerClientContext,
  options: ServerClientOptions = {},
): SupabaseClient {
  const { anonKey } = publicAuthConfig();
  const parsed = parseCookieHeader(context.request.headers.get('cookie') ?? '').map(({ name, value }) => ({
    name,
    value: value ?? '',
  }));
  const { cookies, dropped } = withoutMalformedSession(parsed);
  // One line, and the request goes on signed out (nothing of the cookie: it may carry a token).
  if (dropped.length > 0) console.warn('[auth] malformed session cookie ignored: treated as signed out');
  const limited: { seconds?: number } = {};
  const baseFetch = options.fetch ?? hostedSupabaseFetch;
  const client = createServerClient(serverAuthUrl(context.url), anonKey, {
    cookieOptions: authCookieOptions(getEnv().siteOrigin),
    cookies: {
      getAll: () => cookies,
      setAll: (changed) => {
        for (const { name, value, options: cookieOptions } of changed) context.cookies.set(name, value, cookieOptions);
      },
    },
    global: {
      fetch: async (input, init) => {
        const response = await baseFetch(input, init);
        if (response.status === 429) limited.seconds = Number(response.headers.get('retry-after')) || undefined;
        return response;
      },
    },
  });
  retryAfters.set(client, limited);
  return client;
}

/** When the auth service said to retry, after its last 429 to this client (seconds). */
export function retryAfterOf(supabase: SupabaseClient): number | undefined {
  return retryAfters.get(supabase)?.seconds;
}

/**
 * Claims the site accepts beyond a valid signature and expiry (which getClaims checks):
 * a user's token (`aud` authenticated), already valid (`nbf` not in the future), naming
 * its session.
 */
export function acceptableClaims(
  claims: JwtPayload,
  nowSeconds: number,
): claims is JwtPayload & { session_id: string } {
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes('authenticated')) return false;
  if (claims.nbf !== undefined && !(typeof claims.nbf === 'number' && claims.nbf <= nowSeconds)) return false;
  return typeof claims.session_id === 'string' && claims.session_id.length > 0;
}

export interface SessionCheck {
  /** The request changes something (not GET or HEAD): asked of the auth server, never of a cache. */
  write: boolean;
  /** Local modes: the local service's answer (`fresh` for writes). Absent: hosted Supabase Auth's (getUser). */
  isSessionLive?: ((sessionId: string, options: { fresh: boolean }) => Promise<boolean>) | undefined;
}

const hostedSessions = new SessionCache();

/**
 * Supabase Auth failed to answer: no answer at all (status 0: a timeout or a host that cannot
 * be reached, logged by the fetch) or a gateway's 502 / 504 (logged here). Null for an answer.
 */
export function authServiceFailure(error: unknown): RemoteServiceError | null {
  if (!isAuthRetryableFetchError(error)) return null;
  if (error.status === 0) return new RemoteServiceError('Supabase Auth', 'unreachable', error.message);
  if (error.status !== 502 && error.status !== 504) return null;
  const failure = new RemoteServiceError(
    'Supabase Auth',
    'unreachable',
    `Supabase Auth answered ${error.status} (${error.message})`,
  );
  logRemoteFailure(failure.service, failure.kind, failure.message);
  return failure;
}

/** Hosted Supabase Auth: getUser for writes, a few seconds' memory for reads. */
async function hostedSessionIsLive(supabase: SupabaseClient, sessionId: string, write: boolean): Promise<boolean> {
  if (!write) {
    const remembered = hostedSessions.get(sessionId);
    if (remembered !== undefined) return remembered;
  }
  const { data, error } = await supabase.auth.getUser();
  if (error && (error.status === undefined || error.status === 0 || error.status >= 500)) {
    // Supabase Auth cannot answer: a verified token still reads (remembered like any live
    // answer, so the session's next reads do not wait out the timeout again), but changes nothing.
    if (!write) {
      hostedSessions.remember(sessionId, true);
      return true;
    }
    throw (
      authServiceFailure(error) ??
      new RemoteServiceError('Supabase Auth', 'unreachable', `Supabase Auth failed (${error.message})`)
    );
  }
  const live = !error && Boolean(data.user);
  hostedSessions.remember(sessionId, live, data.user?.id);
  return live;
}

/**
 * The user behind the request's session cookie, or null: the token verified with getClaims
 * (JWKS), its claims acceptable, and its session still live (ended sessions stop working
 * within seconds: logout, sign out everywhere, refresh-token reuse, a deleted account).
 * Throws a RemoteServiceError when hosted Supabase Auth cannot answer.
 */
export async function userFromSession(supabase: SupabaseClient, check: SessionCheck): Promise<AuthUser | null> {
  const { data, error } = await supabase.auth.getClaims();
  // An auth service that cannot reach its database (refreshing an expired token) is an
  // outage, not a signed-out visitor: the request answers 503.
  if (isAuthRetryableFetchError(error) && error.status === 503)
    throw new DatabaseUnavailableError(error.message, { cause: error });
  // Supabase Auth that cannot answer (its key set, or a refresh) is not a signed-out visitor
  // either: the caller decides (the middleware treats the visitor as signed out where a page
  // allows it, and answers "Server error. Please try again later." where it needs a user).
  const failure = authServiceFailure(error);
  if (failure) throw failure;
  if (error || !data?.claims?.sub) return null;
  const claims = data.claims;
  if (!acceptableClaims(claims, Math.floor(Date.now() / 1000))) return null;
  const live = check.isSessionLive
    ? await check.isSessionLive(claims.session_id, { fresh: check.write })
    : await hostedSessionIsLive(supabase, claims.session_id, check.write);
  if (!live) return null;
  const appMetadata = (claims.app_metadata ?? {}) as Record<string, unknown>;
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' && claims.email ? claims.email : null,
    sessionId: claims.session_id,
    provider: typeof appMetadata.provider === 'string' ? appMetadata.provider : null,
    userMetadata: claims.user_metadata ?? {},
  };
}
