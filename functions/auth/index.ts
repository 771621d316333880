import { getEnv } from '../../src/lib/config/env.ts';
import { getDb } from '../../src/lib/db/db.server.ts';
import { keyFromEnvValue, loadOrCreateStoredKey, type SigningKey } from './keys.ts';
import { mailerFromEnv } from './mailer.ts';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './rate-limit.ts';
import { createAuthService, type AuthRequestContext, type AuthService } from './service.ts';

/**
 * The process's local auth service, configured from the environment. Absent (null) in
 * Supabase mode: hosted Supabase Auth answers /auth/v1 there.
 */

const STATE = Symbol.for('critical-hit.local-auth-service');

interface State {
  service?: AuthService;
  key?: Promise<SigningKey>;
}

function state(): State {
  const holder = globalThis as typeof globalThis & { [STATE]?: State };
  holder[STATE] ??= {};
  return holder[STATE];
}

export function localAuthEnabled(): boolean {
  return getEnv().mode !== 'supabase';
}

export function signingKey(): Promise<SigningKey> {
  const current = state();
  const env = getEnv();
  current.key ??= (env.AUTH_JWT_PRIVATE_KEY ? keyFromEnvValue(env.AUTH_JWT_PRIVATE_KEY) : getDb().then(loadOrCreateStoredKey)).catch(
    (error: unknown) => {
      current.key = undefined;
      throw error;
    },
  );
  return current.key;
}

export function getLocalAuthService(): AuthService | null {
  if (!localAuthEnabled()) return null;
  const current = state();
  if (!current.service) {
    const env = getEnv();
    current.service = createAuthService({
      db: getDb,
      signingKey,
      mailer: mailerFromEnv(),
      siteUrl: env.SITE_URL,
      siteName: env.SITE_NAME,
      googleClientIds: env.PUBLIC_GOOGLE_CLIENT_ID ? [env.PUBLIC_GOOGLE_CLIENT_ID] : [],
      googleJwksUrl: env.GOOGLE_JWKS_URL,
      rateLimiter: new RateLimiter({
        signInSignUps: { ...DEFAULT_RATE_LIMITS.signInSignUps, limit: env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS },
        tokenRefresh: { ...DEFAULT_RATE_LIMITS.tokenRefresh, limit: env.AUTH_RATE_LIMIT_TOKEN_REFRESH },
        verify: { ...DEFAULT_RATE_LIMITS.verify, limit: env.AUTH_RATE_LIMIT_VERIFY },
        emailSent: { ...DEFAULT_RATE_LIMITS.emailSent, limit: env.AUTH_RATE_LIMIT_EMAIL_SENT },
      }),
    });
  }
  return current.service;
}

/** Tests that change the environment start from a fresh service. */
export function resetLocalAuthService(): void {
  const current = state();
  current.service = undefined;
  current.key = undefined;
}

/**
 * A fetch for the server-side supabase client: calls to <origin>/auth/v1 go straight to the
 * in-process service (no network hop back into the same server); anything else is fetched.
 */
export function localAuthFetch(context: AuthRequestContext): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const service = getLocalAuthService();
    if (service && new URL(request.url).pathname.startsWith('/auth/v1/')) return service(request, context);
    return fetch(request);
  };
}
