import type { Db } from './context.ts';
import { errors } from './errors.ts';
import type { AuthEmailKind } from './mailer.ts';
import { clearAttempts, takeAttempt, takeToken, type ProgressiveDelay, type TokenBucket } from './rate-limit.ts';
import { normaliseEmail } from './users.ts';

/**
 * Which limit applies to what. Request limits are Supabase Auth's defaults, per client
 * address. Emails are limited three ways: per requesting address, per recipient (one of a
 * kind per minute, Supabase's GOTRUE_SMTP_MAX_FREQUENCY) and in total, the total far above
 * what one address may request, so no single client can use up everyone's email. Failed
 * sign-ins slow down per account (a growing delay, never a lockout), except on a device the
 * account signed in on before, which only its own failures slow down.
 *
 * Every limit is keyed by what the client sent (its address, the email it typed), never by
 * whether an account exists: unknown addresses and usernames are limited exactly like
 * known ones, so a 429 reveals nothing. Each refusal says when to retry.
 */

export interface AuthLimits {
  signInSignUps: TokenBucket;
  tokenRefresh: TokenBucket;
  verify: TokenBucket;
  emailsPerClient: TokenBucket;
  emailsPerRecipient: TokenBucket;
  emailsTotal: TokenBucket;
  signInFailures: ProgressiveDelay;
}

const FIVE_MINUTES = 300;
const HOUR = 3600;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInSignUps: { limit: 30, periodSeconds: FIVE_MINUTES },
  tokenRefresh: { limit: 150, periodSeconds: FIVE_MINUTES },
  verify: { limit: 30, periodSeconds: FIVE_MINUTES },
  emailsPerClient: { limit: 10, periodSeconds: HOUR },
  emailsPerRecipient: { limit: 1, periodSeconds: 60 },
  emailsTotal: { limit: 500, periodSeconds: HOUR },
  // Five free attempts (the sign-in form's own limit is five in five minutes), then 30 s,
  // 1, 2, 4, 8 minutes, at most 15 minutes between attempts; forgotten after a quiet hour.
  signInFailures: { freeAttempts: 5, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60, forgetAfterSeconds: HOUR },
};

export interface AuthLimitSettings {
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: number;
  AUTH_RATE_LIMIT_TOKEN_REFRESH: number;
  AUTH_RATE_LIMIT_VERIFY: number;
  AUTH_RATE_LIMIT_EMAIL_PER_CLIENT: number;
  AUTH_RATE_LIMIT_EMAIL_SENT: number;
}

export function authLimitsFrom(env: AuthLimitSettings): AuthLimits {
  const d = DEFAULT_AUTH_LIMITS;
  return {
    ...d,
    signInSignUps: { ...d.signInSignUps, limit: env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS },
    tokenRefresh: { ...d.tokenRefresh, limit: env.AUTH_RATE_LIMIT_TOKEN_REFRESH },
    verify: { ...d.verify, limit: env.AUTH_RATE_LIMIT_VERIFY },
    emailsPerClient: { ...d.emailsPerClient, limit: env.AUTH_RATE_LIMIT_EMAIL_PER_CLIENT },
    emailsTotal: { ...d.emailsTotal, limit: env.AUTH_RATE_LIMIT_EMAIL_SENT },
  };
}

export type RequestLimit = 'signInSignUps' | 'tokenRefresh' | 'verify';

export interface AuthLimiter {
  /** A request of kind `name` from `clientAddress`; throws 429 over_request_rate_limit. */
  request(name: RequestLimit, clientAddress: string | undefined): Promise<void>;
  /** An email of `kind` to `recipient` asked for by `clientAddress`; throws 429 over_email_send_rate_limit. */
  email(kind: AuthEmailKind, recipient: string, clientAddress: string | undefined): Promise<void>;
  /**
   * A password attempt at the account `email` (known or not); throws 429 while its delay
   * runs. From a `device` trusted for the account (device-cookies.ts), counted for that
   * device alone; from any other, in the count all untrusted devices share.
   */
  signInAttempt(email: string, device?: string): Promise<void>;
  /** The right password: the failed attempts of the count it was made in are forgotten. */
  signInSucceeded(email: string, device?: string): Promise<void>;
}

const clientKey = (address: string | undefined) => address || 'unknown';
/** Where a sign-in attempt is counted: the trusted device's own count, or the account's shared one. */
const signInCount = (email: string, device: string | undefined): [bucket: string, key: string] =>
  device
    ? ['signInFailuresDevice', `${normaliseEmail(email)}\u0000${device}`]
    : ['signInFailures', normaliseEmail(email)];

export function createLimiter(db: () => Promise<Db>, limits: AuthLimits, now: () => number): AuthLimiter {
  const at = () => new Date(now());
  return {
    async request(name, clientAddress) {
      const take = await takeToken(await db(), name, clientKey(clientAddress), limits[name], at());
      if (!take.allowed) throw errors.rateLimited(take.retryAfterSeconds);
    },
    async email(kind, recipient, clientAddress) {
      const database = await db();
      const perClient = await takeToken(
        database,
        'emailsPerClient',
        clientKey(clientAddress),
        limits.emailsPerClient,
        at(),
      );
      if (!perClient.allowed) throw errors.emailRateLimited(perClient.retryAfterSeconds);
      const recipientKey = `${kind}:${normaliseEmail(recipient)}`;
      const perRecipient = await takeToken(
        database,
        'emailsPerRecipient',
        recipientKey,
        limits.emailsPerRecipient,
        at(),
      );
      if (!perRecipient.allowed) throw errors.emailTooSoon(perRecipient.retryAfterSeconds);
      const total = await takeToken(database, 'emailsTotal', 'service', limits.emailsTotal, at());
      if (!total.allowed) throw errors.emailRateLimited(total.retryAfterSeconds);
    },
    async signInAttempt(email, device) {
      const [bucket, key] = signInCount(email, device);
      const take = await takeAttempt(await db(), bucket, key, limits.signInFailures, at());
      if (!take.allowed) throw errors.rateLimited(take.retryAfterSeconds);
    },
    async signInSucceeded(email, device) {
      await clearAttempts(await db(), ...signInCount(email, device));
    },
  };
}
