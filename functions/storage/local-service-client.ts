import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import { keyFromEnvValue, loadOrCreateStoredKey } from '../auth/keys.ts';
import type { ServiceClientEnv } from './service-client.ts';
import { createStorageService } from './service.ts';

/**
 * The embedded and self-hosted modes' service client: a local storage service in this process
 * over `db` and STORAGE_DIR (the files the node server serves), with a secret key made for
 * this process only, which never leaves it. Node server only (loaded behind ON_VERCEL).
 */
export function localServiceStorageClient(env: ServiceClientEnv, db: Kysely<Database>) {
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
  return createClient(env.siteOrigin, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: inProcess },
  });
}
