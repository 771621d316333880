import { createServerClient, parseCookieHeader } from '@supabase/ssr';
import { isAuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js';
import type { AstroCookies } from 'astro';
import { DatabaseUnavailableError } from '../db/errors.ts';
import { AUTH_COOKIE_OPTIONS } from './cookies.ts';
import { publicAuthConfig, serverAuthUrl } from './config.server.ts';
import type { AuthUser } from './types.ts';

/**
 * One supabase server client per request (createServerClient with Astro's cookies). In
 * embedded and self-hosted modes the middleware hands it a fetch that sends its /auth/v1
 * and /storage/v1 calls straight to the in-process services instead of over the network
 * back into this server (functions/local-supabase.ts; src/lib may not import functions/).
 */

export interface ServerClientContext {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  clientAddress?: string | undefined;
  /** Replaces the client's fetch (the in-process local services). */
  fetch?: typeof fetch | undefined;
}

export function createSupabaseServerClient(context: ServerClientContext): SupabaseClient {
  const { anonKey } = publicAuthConfig();
  return createServerClient(serverAuthUrl(context.url), anonKey, {
    cookieOptions: AUTH_COOKIE_OPTIONS,
    cookies: {
      getAll: () =>
        parseCookieHeader(context.request.headers.get('cookie') ?? '').map(({ name, value }) => ({ name, value: value ?? '' })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) context.cookies.set(name, value, options);
      },
    },
    global: context.fetch ? { fetch: context.fetch } : {},
  });
}

/**
 * The user behind the request's session cookie, verified with getClaims (JWKS), or null.
 * An auth service that cannot reach its database (while refreshing an expired token) is an
 * outage, not a signed-out visitor: that throws, and the request answers 503.
 */
export async function userFromSession(supabase: SupabaseClient): Promise<AuthUser | null> {
  const { data, error } = await supabase.auth.getClaims();
  if (isAuthRetryableFetchError(error) && error.status === 503) throw new DatabaseUnavailableError(error.message, { cause: error });
  if (error || !data?.claims?.sub) return null;
  const claims = data.claims;
  const appMetadata = (claims.app_metadata ?? {}) as Record<string, unknown>;
  return {
    id: claims.sub,
    email: typeof claims.email === 'string' && claims.email ? claims.email : null,
    sessionId: typeof claims.session_id === 'string' ? claims.session_id : null,
    provider: typeof appMetadata.provider === 'string' ? appMetadata.provider : null,
    userMetadata: (claims.user_metadata ?? {}) as Record<string, unknown>,
  };
}
