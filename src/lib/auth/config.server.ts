import { getEnv } from '../config/env.ts';
import type { PublicAuthConfig } from './types.ts';

/**
 * In embedded and self-hosted modes the local auth service ignores the API key, but
 * supabase-js requires one: this public placeholder stands in for an anon key.
 */
export const LOCAL_ANON_KEY = 'sb_publishable_local';

export function publicAuthConfig(): PublicAuthConfig {
  const env = getEnv();
  return {
    url: env.SUPABASE_URL ?? '',
    anonKey: env.SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
    googleClientId: env.PUBLIC_GOOGLE_CLIENT_ID ?? '',
  };
}

/** The URL the server's supabase client talks to: the project, or this site's own origin. */
export function serverAuthUrl(requestUrl: URL): string {
  return getEnv().SUPABASE_URL ?? requestUrl.origin;
}
