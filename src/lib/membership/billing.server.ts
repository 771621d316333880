import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Env } from '../config/env.ts';
import { getEnv } from '../config/env.ts';
import { REMOTE_TIMEOUT_MS, STRIPE_NETWORK_RETRIES } from '../config/remote-timeouts.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { applySnapshot, customerIdOf, saveCustomer, type ApplyDeps } from './membership.server.ts';
import {
  snapshotOf,
  type BillingMode,
  type BillingPeriod,
  type PaidTier,
  type StripeSubscriptionLike,
} from './membership.ts';

type Db = Kysely<Database>;

/** The built-in test checkout signs Stripe-shaped events and sends them through the same webhook handler (see membership.ts). */

/**
 * Stripe with a key. Without one, the built-in test checkout, which gives memberships away,
 * exists only where nothing can be sold anyway (the embedded demo, outside production) or
 * where ALLOW_TEST_CHECKOUT=1 says so; never because a variable such as NODE_ENV happens to
 * be unset. Everywhere else membership purchase says that payments are not configured.
 */
export function billingModeOf(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'NODE_ENV' | 'ALLOW_TEST_CHECKOUT' | 'mode'>,
): BillingMode {
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  if (env.ALLOW_TEST_CHECKOUT === '1') return 'test';
  if (env.ALLOW_TEST_CHECKOUT === '0') return 'off';
  return env.mode === 'embedded' && env.NODE_ENV !== 'production' ? 'test' : 'off';
}

export const billingMode = (): BillingMode => billingModeOf(getEnv());

/** The configured Stripe price of each plan and period (stripe mode). */
export function priceIds(env: Env): Record<PaidTier, Record<BillingPeriod, string | undefined>> {
  return {
    ad_free: { month: env.STRIPE_PRICE_AD_FREE_MONTH, year: env.STRIPE_PRICE_AD_FREE_YEAR },
    premium: { month: env.STRIPE_PRICE_PREMIUM_MONTH, year: env.STRIPE_PRICE_PREMIUM_YEAR },
  };
}

/** The test checkout's price ids name their plan and period: price_test_{plan}_{period}. */
export const testPriceId = (plan: PaidTier, period: BillingPeriod) => `price_test_${plan}_${period}`;

export function planOfPriceFor(env: Env): (priceId: string) => PaidTier | null {
  const ids = priceIds(env);
  return (priceId) => {
    for (const plan of ['ad_free', 'premium'] as const) {
      if (ids[plan].month === priceId || ids[plan].year === priceId) return plan;
    }
    const test = /^price_test_(ad_free|premium)_(month|year)$/.exec(priceId);
    return test && billingModeOf(env) === 'test' ? (test[1] as PaidTier) : null;
  };
}

/** A Stripe-style id, e.g. `cs_test_…`. */
export const localId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

let stripeClient: Stripe | undefined;

/** The Stripe client (stripe mode only); STRIPE_API_URL points it at a local stand-in in tests. */
export function stripe(): Stripe {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured: STRIPE_SECRET_KEY is unset');
  if (!stripeClient) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    stripeClient = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: STRIPE_NETWORK_RETRIES,
      timeout: REMOTE_TIMEOUT_MS.stripe,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }
  return stripeClient;
}

/** Tests that change the Stripe variables call this. */
export function resetStripeClient(): void {
  stripeClient = undefined;
}

/** The user's Stripe customer, created once and kept. */
export async function ensureStripeCustomer(db: Db, user: { id: string; email: string | null }): Promise<string> {
  const known = await customerIdOf(db, user.id);
  if (known) return known;
  const customer = await stripe().customers.create(
    { ...(user.email ? { email: user.email } : {}), metadata: { user_id: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  await saveCustomer(db, user.id, customer.id);
  return (await customerIdOf(db, user.id)) ?? customer.id;
}

/** Applies what Stripe answered to an update at once, so the next page shows it. */
export async function syncStripeSubscription(db: Db, subscription: StripeSubscriptionLike): Promise<void> {
  const snapshot = snapshotOf(subscription, planOfPriceFor(getEnv()));
  await db.transaction().execute((trx) => applySnapshot(trx, snapshot, new Date(Math.floor(Date.now() / 1000) * 1000)));
}

/** What the webhook needs to read events: plans by price, and Stripe itself after a checkout. */
export function billingDeps(env: Env = getEnv()): ApplyDeps {
  const planOfPrice = planOfPriceFor(env);
  if (billingModeOf(env) !== 'stripe') return { planOfPrice };
  return {
    planOfPrice,
    retrieveSubscription: async (id) => await stripe().subscriptions.retrieve(id),
  };
}

export type { BillingMode };
