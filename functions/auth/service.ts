import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { REMOTE_TIMEOUT_MS } from '../../src/lib/config/remote-timeouts.ts';
import { isDatabaseUnavailable, isInvalidInput } from '../../src/lib/db/errors.ts';
import type { AuthDeps, Db } from './context.ts';
import { AuthError, authErrorResponse, errors } from './errors.ts';
import type { SigningKey } from './keys.ts';
import { createLimiter, DEFAULT_AUTH_LIMITS, type AuthLimits } from './limits.ts';
import type { Mailer } from './mailer.ts';
import { BCRYPT_COST } from './passwords.ts';
import { authLog, describeError } from './redact.ts';
import { route } from './routes.ts';
import { createSessionLiveness, type SessionLiveness } from './session-liveness.ts';
import { DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS } from './sessions.ts';

/**
 * The local Supabase-Auth-compatible service (embedded and self-hosted modes), answering
 * what @supabase/auth-js 2.119 sends to `<origin>/auth/v1`: Request in, Response out, so it
 * is tested directly and mounted by one Astro endpoint. Its parts: routes.ts (paths),
 * requests.ts (bounded bodies), account.ts (sign-up, the user), passwords.ts, sessions.ts
 * (rotation, reuse detection, logout), email-links.ts and flow-state.ts (links, PKCE),
 * google.ts, limits.ts (rate limits in the database), mailer.ts (templates, delivery).
 *
 * Every failure answers in Supabase's error shape: a refusal with its own code, a database
 * outage 503 `database_unavailable` with Retry-After, a value the database refused 400
 * `validation_failed`, anything else the generic 500 (which no input reaches: every input
 * is validated first). Logged lines are redacted.
 */

export interface AuthServiceOptions {
  db: () => Promise<Db>;
  signingKey: () => Promise<SigningKey>;
  mailer: Mailer;
  /** The public origin of links, redirects and the `iss` claim (SITE_URL's origin). */
  siteOrigin: string;
  /** AUTH_REDIRECT_URLS: redirect targets accepted besides siteOrigin. */
  redirectUrls?: readonly string[];
  /** Google OAuth client ids accepted as the `aud` of Google ID tokens; none disables Google. */
  googleClientIds?: string[];
  googleJwksUrl?: string;
  /** Replaces the Google key set (tests). */
  googleKeys?: JWTVerifyGetKey;
  limits?: AuthLimits;
  /** The site's cache of live sessions, told at once when a session ends. */
  sessions?: SessionLiveness;
  now?: () => number;
  siteName?: string;
  /** The shortest password accepted: 8 (the site's rule) unless configured. */
  passwordMinLength?: number;
  /** Off by default: new accounts confirm their address by email first. */
  mailerAutoconfirm?: boolean;
  /** 10 (Supabase Auth's default) unless configured. */
  refreshTokenReuseIntervalSeconds?: number;
  /** bcrypt cost; 10 (Supabase's) unless a test needs speed more than strength. */
  bcryptCost?: number;
}

export interface AuthRequestContext {
  /** The client's address, for per-IP rate limits. */
  clientAddress?: string | undefined;
}

export function createAuthService(options: AuthServiceOptions) {
  const now = options.now ?? Date.now;
  let googleKeys = options.googleKeys;
  // Read at each use, like the site's origin: a test server knows its key set's URL only once it listens.
  const googleJwksUrl = () => options.googleJwksUrl ?? 'https://www.googleapis.com/oauth2/v3/certs';
  const deps: AuthDeps = {
    db: options.db,
    signingKey: options.signingKey,
    mailer: options.mailer,
    now,
    // Read at each use: the test server learns its own origin after it starts listening.
    siteOrigin: () => new URL(options.siteOrigin).origin,
    redirectUrls: () => options.redirectUrls ?? [],
    siteName: options.siteName ?? 'Critical Hit',
    passwordMinLength: options.passwordMinLength ?? 8,
    mailerAutoconfirm: options.mailerAutoconfirm ?? false,
    refreshTokenReuseIntervalSeconds:
      options.refreshTokenReuseIntervalSeconds ?? DEFAULT_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS,
    bcryptCost: options.bcryptCost ?? BCRYPT_COST,
    limiter: createLimiter(options.db, options.limits ?? DEFAULT_AUTH_LIMITS, now),
    sessions: options.sessions ?? createSessionLiveness(options.db, now),
    google: {
      clientIds: (options.googleClientIds ?? []).filter(Boolean),
      keys: () =>
        (googleKeys ??= createRemoteJWKSet(new URL(googleJwksUrl()), {
          timeoutDuration: REMOTE_TIMEOUT_MS.googleJwks,
        })),
      get jwksUrl() {
        return googleJwksUrl();
      },
    },
  };

  return async function handleAuthRequest(request: Request, context: AuthRequestContext = {}): Promise<Response> {
    try {
      // Loaded (and on first use generated and stored) before any transaction opens: on the
      // embedded database a query outside the transaction would wait for it forever.
      await options.signingKey();
      return await route(deps, { request, url: new URL(request.url), clientAddress: context.clientAddress });
    } catch (error) {
      if (error instanceof AuthError) return authErrorResponse(request, error);
      const where = `${request.method} ${new URL(request.url).pathname.slice(0, 100)}`;
      if (isDatabaseUnavailable(error)) {
        authLog.error(`${where}: database unavailable: ${describeError(error)}`);
        return authErrorResponse(request, errors.databaseUnavailable());
      }
      if (isInvalidInput(error)) {
        // Validation should have refused the value; the database did. Still the client's mistake.
        authLog.warn(`${where}: the database refused a value: ${describeError(error)}`);
        return authErrorResponse(request, errors.validation('The request contains a value that cannot be used.'));
      }
      authLog.error(`${where}: ${describeError(error)}`);
      return authErrorResponse(request, errors.unexpected());
    }
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
