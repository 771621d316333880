import { LOCAL_ANON_KEY } from '../../src/lib/auth/config.server.ts';
import { getEnv } from '../../src/lib/config/env.ts';
import { getDb } from '../../src/lib/db/db.server.ts';
import { signingKey } from '../auth/index.ts';
import { createStorageService, type StorageService } from './service.ts';

/**
 * The process's local storage service, configured from the environment. Absent (null) in
 * Supabase mode: hosted Supabase Storage answers /storage/v1 there.
 */

const STATE = Symbol.for('critical-hit.local-storage-service');

function state(): { service?: StorageService } {
  const holder = globalThis as typeof globalThis & { [STATE]?: { service?: StorageService } };
  holder[STATE] ??= {};
  return holder[STATE];
}

export function localStorageEnabled(): boolean {
  return getEnv().mode !== 'supabase';
}

export function getLocalStorageService(): StorageService | null {
  if (!localStorageEnabled()) return null;
  const current = state();
  if (!current.service) {
    const env = getEnv();
    current.service = createStorageService({
      db: getDb,
      // The local auth service's key: its access tokens are what the service verifies.
      signingKey,
      root: env.STORAGE_DIR,
      fileSizeLimit: env.STORAGE_FILE_SIZE_LIMIT,
      publicKeys: [LOCAL_ANON_KEY],
    });
  }
  return current.service;
}

/** Tests that change the environment start from a fresh service. */
export function resetLocalStorageService(): void {
  state().service = undefined;
}
