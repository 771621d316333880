import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import type { Env } from '../../src/lib/config/env.ts';
import { ON_VERCEL } from '../../src/lib/config/platform.server.ts';
import type { Database } from '../../src/lib/db/schema.ts';

/**
 * A storage client for the server's own background work (copying the catalogue's covers),
 * where no administrator's session is at hand: it acts as the `service_role`, which the
 * buckets' policies do not restrict.
 *
 * - Supabase mode: the project's secret key (SUPABASE_SECRET_KEY). Unset, there is no such
 *   client (null) and the work that needs it stays off.
 * - Embedded and self-hosted modes: a local storage service in this process
 *   (local-service-client.ts), over `db`. The command line gets one too, with its own database.
 */

export type ServiceClientEnv = Pick<
  Env,
  | 'mode'
  | 'siteOrigin'
  | 'SUPABASE_URL'
  | 'SUPABASE_SECRET_KEY'
  | 'STORAGE_DIR'
  | 'STORAGE_FILE_SIZE_LIMIT'
  | 'AUTH_JWT_PRIVATE_KEY'
>;

export async function serviceStorageClient(
  env: ServiceClientEnv,
  db: Kysely<Database>,
): Promise<SupabaseClient | null> {
  if (env.mode === 'supabase') {
    if (!env.SUPABASE_URL || !env.SUPABASE_SECRET_KEY) return null;
    return createClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }
  const local = ON_VERCEL ? null : await import('./local-service-client.ts');
  return local ? local.localServiceStorageClient(env, db) : null;
}
