import type { Kysely } from 'kysely';
import type { AuthUser } from '../../src/lib/auth/types.ts';
import type { Env } from '../../src/lib/config/env.ts';
import type { Database } from '../../src/lib/db/schema.ts';
import {
  ensureStripeCustomer,
  priceIds,
  stripe,
  syncStripeSubscription,
  type BillingMode,
} from '../../src/lib/membership/billing.server.ts';
import { currentSubscription, customerIdOf, type ApplyDeps } from '../../src/lib/membership/membership.server.ts';
import {
  checkoutRequestSchema,
  manageRequestSchema,
  stripeIdSchema,
  type StripeSubscriptionLike,
} from '../../src/lib/membership/membership.ts';
import { apiError, json } from '../http.ts';
import { advanceTestClock, completeTestSession, createTestSession, updateTestSubscription } from './test-checkout.ts';

/**
 * The membership API: start a checkout, finish the test checkout, cancel / resume / change
 * the plan, open Stripe's customer portal. Every handler acts on the signed-in user's own
 * subscription only: no request names a user or a subscription id.
 */

export interface MembershipContext {
  user: AuthUser | null;
  db: () => Promise<Kysely<Database>>;
  mode: BillingMode;
  env: Env;
  deps: ApplyDeps;
}

const notSignedIn = () => apiError(401, 'not_authenticated', 'Auth session missing!');
const notConfigured = () => apiError(503, 'payments_not_configured', 'Payments are not configured on this site.');

async function readBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** POST /api/membership/checkout { plan, period } -> { url } of the payment page. */
export async function handleCheckout(request: Request, context: MembershipContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  if (context.mode === 'off') return notConfigured();
  const parsed = checkoutRequestSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'Choose a plan.');
  const db = await context.db();
  const current = await currentSubscription(db, context.user.id);
  if (current?.stripeSubscriptionId) {
    return apiError(409, 'already_subscribed', 'You already have a membership: change your plan from your account.');
  }
  const { plan, period } = parsed.data;
  if (context.mode === 'test') {
    const id = await createTestSession(db, context.user.id, plan, period);
    return json({ url: `/subscription/test-checkout?session_id=${id}` });
  }
  const price = priceIds(context.env)[plan][period];
  if (!price) return notConfigured();
  const customer = await ensureStripeCustomer(db, context.user);
  const origin = context.env.siteOrigin;
  const session = await stripe().checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: context.user.id,
    line_items: [{ price, quantity: 1 }],
    subscription_data: { metadata: { user_id: context.user.id, plan } },
    success_url: `${origin}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/subscription`,
  });
  if (!session.url) return apiError(502, 'checkout_unavailable', 'Stripe did not open a checkout. Please try again.');
  return json({ url: session.url });
}

/** POST /api/membership/test-checkout { session_id } -> { url } of the outcome page. */
export async function handleCompleteTestCheckout(request: Request, context: MembershipContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  if (context.mode !== 'test') return apiError(404, 'not_found', 'The test checkout is not available on this site.');
  const body = (await readBody(request)) as { session_id?: unknown } | undefined;
  const id = stripeIdSchema.safeParse(body?.session_id);
  if (!id.success) return apiError(400, 'validation_failed', 'This checkout session is not valid.');
  const outcome = await completeTestSession({ db: context.db, deps: context.deps }, id.data, context.user.id);
  if (outcome === 'not_found') return apiError(404, 'not_found', 'This checkout session does not exist.');
  return json({ url: `/payment/success?session_id=${id.data}` });
}

/** POST /api/membership/subscription { action: cancel | resume | change, plan?, period? } */
export async function handleManageSubscription(request: Request, context: MembershipContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  if (context.mode === 'off') return notConfigured();
  const parsed = manageRequestSchema.safeParse(await readBody(request));
  if (!parsed.success)
    return apiError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'Choose what to change.');
  const db = await context.db();
  const current = await currentSubscription(db, context.user.id);
  if (!current?.stripeSubscriptionId) return apiError(404, 'no_subscription', 'You have no paid membership to change.');
  const request_ = parsed.data;
  if (request_.action === 'change' && request_.plan === current.plan && request_.period === current.period) {
    return apiError(400, 'same_plan', 'This is already your plan.');
  }
  if (context.mode === 'test') {
    const change =
      request_.action === 'change'
        ? { plan: request_.plan, period: request_.period, cancelAtPeriodEnd: false }
        : { cancelAtPeriodEnd: request_.action === 'cancel' };
    await updateTestSubscription({ db: context.db, deps: context.deps }, context.user.id, change);
    return json({ subscription: await currentSubscription(db, context.user.id) });
  }
  const id = current.stripeSubscriptionId;
  let updated: StripeSubscriptionLike;
  if (request_.action === 'change') {
    const price = priceIds(context.env)[request_.plan][request_.period];
    if (!price) return notConfigured();
    const existing = await stripe().subscriptions.retrieve(id);
    const item = existing.items.data[0];
    if (!item) return apiError(409, 'no_subscription', 'You have no paid membership to change.');
    updated = await stripe().subscriptions.update(id, {
      items: [{ id: item.id, price }],
      proration_behavior: 'create_prorations',
      cancel_at_period_end: false,
      metadata: { user_id: context.user.id, plan: request_.plan },
    });
  } else {
    updated = await stripe().subscriptions.update(id, {
      cancel_at_period_end: request_.action === 'cancel',
    });
  }
  await syncStripeSubscription(db, updated);
  return json({ subscription: await currentSubscription(db, context.user.id) });
}

/** POST /api/membership/portal -> { url } of Stripe's customer portal. */
export async function handlePortal(_request: Request, context: MembershipContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  if (context.mode !== 'stripe') {
    return apiError(
      409,
      'portal_unavailable',
      "Stripe's customer portal opens once payments are configured; in test mode every change is made on this page.",
    );
  }
  const customer = await customerIdOf(await context.db(), context.user.id);
  if (!customer) return apiError(404, 'no_customer', 'You have no billing account yet.');
  const session = await stripe().billingPortal.sessions.create({
    customer,
    return_url: `${context.env.siteOrigin}/account/subscription`,
  });
  return json({ url: session.url });
}

/**
 * Before an account is deleted: its paid subscription ends at once, so nobody is charged
 * for an account that no longer exists. Throws when Stripe cannot be reached, and the
 * account is then kept.
 */
export async function cancelBillingOf(userId: string, context: Omit<MembershipContext, 'user'>): Promise<void> {
  const db = await context.db();
  const current = await currentSubscription(db, userId);
  if (!current?.stripeSubscriptionId) return;
  if (current.stripeSubscriptionId.startsWith('sub_test_')) {
    await updateTestSubscription({ db: context.db, deps: context.deps }, userId, { endNow: true });
    return;
  }
  if (context.mode !== 'stripe') throw new Error('payments are not configured: the subscription cannot be cancelled');
  await stripe().subscriptions.cancel(current.stripeSubscriptionId);
}

/** POST /api/membership/test-clock: test mode only, the user's own subscription reaches its period's end. */
export async function handleAdvanceTestClock(_request: Request, context: MembershipContext): Promise<Response> {
  if (!context.user) return notSignedIn();
  if (context.mode !== 'test') return apiError(404, 'not_found', 'Test clocks exist only in test mode.');
  const outcome = await advanceTestClock({ db: context.db, deps: context.deps }, context.user.id);
  if (outcome === 'none') return apiError(404, 'no_subscription', 'You have no paid membership to change.');
  return json({ outcome });
}
