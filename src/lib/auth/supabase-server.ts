import { createServerClient, parseCookieHeader } from '@supabase/ssr';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AstroCookies } from 'astro';
import { localAuthFetch } from '../../../functions/auth/index.ts';
import { getEnv } from '../config/env.ts';
import { authCookieOptions } from './cookies.ts';
import { publicAuthConfig, serverAuthUrl } from './config.server.ts';
import type { AuthUser } from './types.ts';

/**
 * One supabase server client per request (createServerClient with Astro's cookies). In
 * embedded and self-hosted modes its calls to /auth/v1 go straight to the in-process
 * auth service instead of over the network back into this server.
 */

export interface ServerClientContext {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  clientAddress?: string | undefined;
}

export function createSupabaseServerClient(context: ServerClientContext): SupabaseClient {
  const { anonKey } = publicAuthConfig();
  const local = getEnv().mode !== 'supabase';
  return createServerClient(serverAuthUrl(context.url), anonKey, {
    cookieOptions: authCookieOptions(getEnv().siteOrigin),
    cookies: {
      getAll: () =>
        parseCookieHeader(context.request.headers.get('cookie') ?? '').map(({ name, value }) => ({ name, value: value ?? '' })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) context.cookies.set(name, value, options);
      },
    },
    global: local ? { fetch: localAuthFetch({ clientAddress: context.clientAddress }) } : {},
  });
}

/** The user behind the request's session cookie, verified with getClaims (JWKS), or null. */
export async function userFromSession(supabase: SupabaseClient): Promise<AuthUser | null> {
  const { data, error } = await supabase.auth.getClaims();
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
