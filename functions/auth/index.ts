import { getEnv } from '../../src/lib/config/env.ts';
import { getDb } from '../../src/lib/db/db.server.ts';
import type { Db } from './context.ts';
import { deleteExpiredFlowStates } from './flow-state.ts';
import { keyFromEnvValue, loadOrCreateStoredKey, type SigningKey } from './keys.ts';
import { authLimitsFrom } from './limits.ts';
import { mailerFromEnv } from './mailer.ts';
import { deleteExpiredRateLimits } from './rate-limit.ts';
import { createAuthService, type AuthService } from './service.ts';
import { createSessionLiveness, type SessionLiveness } from './session-liveness.ts';

/**
 * The process's local auth service, configured from the environment, and what the site
 * needs from it: an in-process fetch for the server's supabase client, whether a session
 * is still live, and the cleanup of expired rows. Absent (null) in Supabase mode: hosted
 * Supabase Auth answers /auth/v1 there.
 */

const STATE = Symbol.for('critical-hit.local-auth-service');

interface State {
  service?: AuthService;
  key?: Promise<SigningKey>;
  sessions?: SessionLiveness;
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
  current.key ??= (
    env.AUTH_JWT_PRIVATE_KEY ? keyFromEnvValue(env.AUTH_JWT_PRIVATE_KEY) : getDb().then(loadOrCreateStoredKey)
  ).catch((error: unknown) => {
    current.key = undefined;
    throw error;
  });
  return current.key;
}

/** One liveness cache per process, shared by the service (which ends sessions) and the middleware. */
function sessions(): SessionLiveness {
  const current = state();
  current.sessions ??= createSessionLiveness(getDb);
  return current.sessions;
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
      siteOrigin: env.siteOrigin,
      redirectUrls: env.AUTH_REDIRECT_URLS,
      siteName: env.SITE_NAME,
      googleClientIds: env.PUBLIC_GOOGLE_CLIENT_ID ? [env.PUBLIC_GOOGLE_CLIENT_ID] : [],
      googleJwksUrl: env.GOOGLE_JWKS_URL,
      limits: authLimitsFrom(env),
      passwordMinLength: env.AUTH_PASSWORD_MIN_LENGTH,
      mailerAutoconfirm: env.AUTH_MAILER_AUTOCONFIRM,
      refreshTokenReuseIntervalSeconds: env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
      sessions: sessions(),
    });
  }
  return current.service;
}

/** Tests that change the environment start from a fresh service. */
export function resetLocalAuthService(): void {
  const current = state();
  current.service = undefined;
  current.key = undefined;
  current.sessions = undefined;
}

/**
 * Does the session `sessionId` still exist? For reads at most a few seconds stale, `fresh`
 * for writes; ended at once when this process ended it. For the site's middleware in
 * embedded and self-hosted modes.
 */
export function localSessionIsLive(sessionId: string, options: { fresh?: boolean } = {}): Promise<boolean> {
  return sessions().isLive(sessionId, options);
}

/** Which of these sessions are still live (as localSessionIsLive, in one query): for open Realtime sockets. */
export function localLiveSessions(sessionIds: string[]): Promise<Set<string>> {
  return sessions().liveAmong(sessionIds);
}

/**
 * Deletes the auth rows that can no longer matter at `now`: expired rate-limit counters,
 * and (where this service owns the auth schema, not under hosted Supabase) flow states whose
 * code or link has expired. Idempotent; for the scheduled jobs.
 */
export async function deleteExpiredAuthRows(db: Db, now: Date): Promise<{ rateLimits: number; flowStates: number }> {
  const rateLimits = await deleteExpiredRateLimits(db, now);
  const flowStates = localAuthEnabled() ? await deleteExpiredFlowStates(db, now) : 0;
  return { rateLimits, flowStates };
}
