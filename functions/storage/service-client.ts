import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import type { Env } from '../../src/lib/config/env.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import { keyFromEnvValue, loadOrCreateStoredKey } from '../auth/keys.ts';
import { createStorageService } from './service.ts';

/**
 * A storage client for the server's own background work (copying the catalogue's covers),
 * where no administrator's session is at hand: it acts as the `service_role`, which the
 * buckets' policies do not restrict.
 *
 * - Supabase mode: the project's secret key (SUPABASE_SECRET_KEY). Unset, there is no such
 *   client (null) and the work that needs it stays off.
 * - Embedded and self-hosted modes: a local storage service in this process over `db` and
 *   STORAGE_DIR (the files the node server serves), with a secret key made for this process
 *   only; it never leaves the process. The command line gets one too, with its own database.
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

const NO_SESSION = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

export function serviceStorageClient(env: ServiceClientEnv, db: Kysely<Database>): SupabaseClient | null {
  if (env.mode === 'supabase') {
    if (!env.SUPABASE_URL || !env.SUPABASE_SECRET_KEY) return null;
    return createClient(env.SUPABASE_URL, env.SUPABASE_SECRET_KEY, { auth: NO_SESSION });
  }
  const secretKey = `sb_secret_${randomBytes(24).toString('base64url')}`;
  const storage = createStorageService({
    db: () => Promise.resolve(db),
    signingKey: () =>
      env.AUTH_JWT_PRIVATE_KEY ? keyFromEnvValue(env.AUTH_JWT_PRIVATE_KEY) : loadOrCreateStoredKey(db),
    root: env.STORAGE_DIR,
    fileSizeLimit: env.STORAGE_FILE_SIZE_LIMIT,
    secretKeys: [secretKey],
  });
  const inProcess: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname.startsWith('/storage/v1/')) return storage(request);
    return fetch(request);
  };
  return createClient(env.siteOrigin, secretKey, { auth: NO_SESSION, global: { fetch: inProcess } });
}
