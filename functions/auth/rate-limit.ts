/**
 * Token buckets, as Supabase Auth limits its endpoints: each bucket holds `limit` requests
 * and refills at `limit` per `periodMs`, so an idle client may burst up to the limit and a
 * sustained rate above it is refused with 429 over_request_rate_limit.
 *
 * The defaults are Supabase Auth's (supabase/config.toml [auth.rate_limit]):
 * sign-ups and sign-ins 30 per 5 minutes per IP, token refreshes 150 per 5 minutes per IP,
 * verifications 30 per 5 minutes per IP; emails 30 per hour for the whole service (the
 * figure Supabase starts a custom SMTP setup with) and one per address per 60 seconds.
 * State lives in this process (one node server); a multi-instance deployment is Supabase mode.
 */

export interface RateLimit {
  limit: number;
  periodMs: number;
}

const FIVE_MINUTES = 5 * 60 * 1000;

export const DEFAULT_RATE_LIMITS = {
  signInSignUps: { limit: 30, periodMs: FIVE_MINUTES },
  tokenRefresh: { limit: 150, periodMs: FIVE_MINUTES },
  verify: { limit: 30, periodMs: FIVE_MINUTES },
  emailSent: { limit: 30, periodMs: 60 * 60 * 1000 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;

/** Seconds between two emails of one kind to one address (GOTRUE_SMTP_MAX_FREQUENCY). */
export const EMAIL_MAX_FREQUENCY_SECONDS = 60;

interface Bucket {
  tokens: number;
  updated: number;
}

export class RateLimiter {
  readonly #limits: Record<RateLimitName, RateLimit>;
  readonly #buckets = new Map<string, Bucket>();
  readonly #now: () => number;

  constructor(limits: Partial<Record<RateLimitName, RateLimit>> = {}, now: () => number = Date.now) {
    this.#limits = { ...DEFAULT_RATE_LIMITS, ...limits };
    this.#now = now;
  }

  /** Takes one token from the bucket `name` of `key`; false when it is empty. */
  take(name: RateLimitName, key: string): boolean {
    const { limit, periodMs } = this.#limits[name];
    const id = `${name}\u0000${key}`;
    const now = this.#now();
    const bucket = this.#buckets.get(id) ?? { tokens: limit, updated: now };
    bucket.tokens = Math.min(limit, bucket.tokens + ((now - bucket.updated) * limit) / periodMs);
    bucket.updated = now;
    if (bucket.tokens < 1) {
      this.#buckets.set(id, bucket);
      return false;
    }
    bucket.tokens -= 1;
    this.#buckets.set(id, bucket);
    if (this.#buckets.size > 50_000) this.#prune(now);
    return true;
  }

  #prune(now: number): void {
    for (const [id, bucket] of this.#buckets) {
      const name = id.slice(0, id.indexOf('\u0000')) as RateLimitName;
      if (now - bucket.updated > this.#limits[name].periodMs) this.#buckets.delete(id);
    }
  }
}
