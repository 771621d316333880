import type { SupabaseClient } from '@supabase/supabase-js';
import { bindAuthClient } from '../../lib/auth/store.client.ts';
import { getBrowserClient } from '../../lib/auth/supabase.client.ts';
import type { PublicAuthConfig } from '../../lib/auth/types.ts';

/** The browser's supabase client, bound to the auth store on first use. */
let bound: SupabaseClient | undefined;

export function authClient(config: PublicAuthConfig): SupabaseClient {
  if (!bound) {
    bound = getBrowserClient(config);
    void bindAuthClient(bound);
  }
  return bound;
}

export const siteOrigin = () => window.location.origin;
