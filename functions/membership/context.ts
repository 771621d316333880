import type { AuthUser } from '../../src/lib/auth/types.ts';
import { getEnv } from '../../src/lib/config/env.ts';
import { getDb } from '../../src/lib/db/db.server.ts';
import { billingDeps, billingMode } from '../../src/lib/membership/billing.server.ts';
import type { MembershipContext } from './handlers.ts';
import type { WebhookContext } from './webhook.ts';

/** What every membership route and page hands its handler. */
export function membershipContext(user: AuthUser | null): MembershipContext {
  return { user, db: getDb, mode: billingMode(), env: getEnv(), deps: billingDeps() };
}

/** What Stripe's own events are checked and applied with (the test checkout hands its events over in-process). */
export function stripeWebhookContext(): WebhookContext {
  return { db: getDb, secret: getEnv().STRIPE_WEBHOOK_SECRET, deps: billingDeps() };
}
