import { GoTrueAdminApi, GoTrueClient, type GoTrueClientOptions, type SupportedStorage } from '@supabase/auth-js';
import { upstreamServers } from './server-urls.ts';

/**
 * Our replacement for auth-js's test/lib/clients.ts: the same exports, naming the local
 * auth service (autoconfirm on, as upstream's Supabase CLI test project) instead of
 * upstream's server, and its keys. The local service reads no API key (the site's origin
 * is its gateway), so the publishable and secret keys are placeholders in Supabase's
 * format. The admin clients are exported for the imports' sake: the service has no admin
 * API, and the tests that use them are listed in out-of-scope.ts.
 */

export const GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON = upstreamServers().autoconfirm;

/** Upstream's HS256 test secret: tests sign tokens with it that a real server must refuse. */
export const GOTRUE_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const SUPABASE_PUBLISHABLE_KEY = 'sb_publishable_local_auth_service';
export const SUPABASE_SECRET_KEY = 'sb_secret_local_auth_service';

/** Upstream's in-memory session storage (one per client). */
export class MemoryStorage {
  private items: Record<string, string> = {};
  async setItem(name: string, value: string) {
    this.items[name] = value;
  }
  async getItem(name: string): Promise<string | null> {
    return this.items[name] ?? null;
  }
  async removeItem(name: string) {
    delete this.items[name];
  }
}

const client = (options: GoTrueClientOptions = {}) =>
  new GoTrueClient({
    url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON,
    headers: { apikey: SUPABASE_PUBLISHABLE_KEY },
    autoRefreshToken: false,
    persistSession: true,
    storage: new MemoryStorage(),
    ...options,
  });

export const authClient = client();
export const authClientWithSession = client();
export const authSubscriptionClient = client();
export const clientApiAutoConfirmEnabledClient = client();
export const pkceClient = client({ flowType: 'pkce' });
export const autoRefreshClient = client({ autoRefreshToken: true, storage: undefined });

const adminApi = () =>
  new GoTrueAdminApi({
    url: GOTRUE_URL_SIGNUP_ENABLED_AUTO_CONFIRM_ON,
    headers: { apikey: SUPABASE_SECRET_KEY, Authorization: `Bearer ${SUPABASE_SECRET_KEY}` },
  });

export const authAdminApiAutoConfirmEnabledClient = adminApi();
export const serviceRoleApiClient = adminApi();

export function getClientWithSpecificStorage(storage: SupportedStorage) {
  return client({ storageKey: 'test-specific-storage', storage });
}

export function getClientWithSpecificStorageKey(storageKey: string, opts: GoTrueClientOptions = {}) {
  return client({ storageKey, storage: undefined, ...opts });
}
