import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import { localId, testPriceId } from '../../src/lib/membership/billing.server.ts';
import { customerIdOf } from '../../src/lib/membership/membership.server.ts';
import { priceOf, type BillingPeriod, type PaidTier } from '../../src/lib/membership/membership.ts';
import { handleStripeWebhook, type WebhookContext } from './webhook.ts';

/**
 * The built-in test checkout: what Stripe does after its payment page, done locally. Every
 * change is a Stripe-shaped event, signed in Stripe's format with a secret that never leaves
 * this process, and handed to the same webhook handler that production's events reach.
 */

type Db = Kysely<Database>;

/** Lives only in this process: nobody outside can sign a test event. */
const LOCAL_SECRET = `whsec_${randomBytes(24).toString('hex')}`;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function addPeriod(from: Date, period: BillingPeriod): Date {
  const next = new Date(from);
  if (period === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

export interface TestSubscriptionState {
  id: string;
  customer: string;
  userId: string;
  plan: PaidTier;
  period: BillingPeriod;
  status: string;
  cancelAtPeriodEnd: boolean;
  start: Date;
  end: Date;
}

/** A subscription object in the shape of Stripe's API (2025 versions: the period on the item). */
export function subscriptionObject(state: TestSubscriptionState) {
  return {
    id: state.id,
    object: 'subscription',
    customer: state.customer,
    status: state.status,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    livemode: false,
    metadata: { user_id: state.userId, plan: state.plan },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${state.id.slice(4)}`,
          object: 'subscription_item',
          current_period_start: seconds(state.start),
          current_period_end: seconds(state.end),
          price: {
            id: testPriceId(state.plan, state.period),
            object: 'price',
            recurring: { interval: state.period },
            metadata: { plan: state.plan },
          },
        },
      ],
    },
  };
}

async function deliver(context: Omit<WebhookContext, 'secret'>, type: string, object: object, at: Date): Promise<void> {
  const payload = JSON.stringify({
    id: localId('evt_test'),
    object: 'event',
    api_version: '2025-11-17.clover',
    created: seconds(at),
    livemode: false,
    type,
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_SECRET });
  const request = new Request('http://test-checkout.local/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  const response = await handleStripeWebhook(request, { ...context, secret: LOCAL_SECRET });
  if (!response.ok) throw new Error(`test checkout: the webhook handler refused ${type} (${response.status})`);
}

export async function createTestSession(
  db: Db,
  userId: string,
  plan: PaidTier,
  period: BillingPeriod,
): Promise<string> {
  const id = localId('cs_test');
  await db
    .insertInto('test_checkout_sessions')
    .values({ id, user_id: userId, plan_name: plan, billing_period: period })
    .execute();
  return id;
}

export async function readTestSession(db: Db, id: string, userId: string) {
  return (
    (await db
      .selectFrom('test_checkout_sessions')
      .select(['id', 'plan_name', 'billing_period', 'status', 'subscription_id'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()) ?? null
  );
}

/** "Pay" on the test checkout: the subscription starts now, and its events follow. */
export async function completeTestSession(
  context: Omit<WebhookContext, 'secret'>,
  sessionId: string,
  userId: string,
): Promise<'complete' | 'not_found' | 'already_complete'> {
  const db = await context.db();
  const session = await readTestSession(db, sessionId, userId);
  if (!session) return 'not_found';
  if (session.status !== 'open') return 'already_complete';
  const claimed = await db
    .updateTable('test_checkout_sessions')
    .set({ status: 'complete', subscription_id: localId('sub_test') })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .returning('subscription_id')
    .executeTakeFirst();
  if (!claimed?.subscription_id) return 'already_complete';
  const customer = (await customerIdOf(db, userId)) ?? localId('cus_test');
  const plan = session.plan_name as PaidTier;
  const period = session.billing_period;
  const now = new Date();
  const state: TestSubscriptionState = {
    id: claimed.subscription_id,
    customer,
    userId,
    plan,
    period,
    status: 'active',
    cancelAtPeriodEnd: false,
    start: now,
    end: addPeriod(now, period),
  };
  const planRow = await db
    .selectFrom('subscription_plans')
    .select(['name', 'display_name', 'description', 'price_cents', 'price_yearly_cents', 'currency'])
    .where('name', '=', plan)
    .executeTakeFirstOrThrow();
  // Stripe's order: the customer is linked by the session, then the subscription, then its first invoice.
  await deliver(
    context,
    'checkout.session.completed',
    {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: userId,
      customer,
      subscription: state.id,
    },
    now,
  );
  await deliver(context, 'customer.subscription.created', subscriptionObject(state), now);
  await deliver(context, 'invoice.paid', invoiceObject(state, priceOf(planRow, period) ?? 0, planRow.currency), now);
  return 'complete';
}

function invoiceObject(state: TestSubscriptionState, amount: number, currency: string) {
  return {
    id: localId('in_test'),
    object: 'invoice',
    customer: state.customer,
    status: 'paid',
    amount_due: amount,
    amount_paid: amount,
    currency: currency.toLowerCase(),
    created: Math.floor(Date.now() / 1000),
    hosted_invoice_url: null,
    parent: { type: 'subscription_details', subscription_details: { subscription: state.id } },
  };
}

/** The user's test subscription as Stripe would hold it, from the row the webhook wrote. */
export async function testSubscriptionOf(db: Db, userId: string): Promise<TestSubscriptionState | null> {
  const row = await db
    .selectFrom('user_subscriptions')
    .innerJoin('subscription_plans', 'subscription_plans.id', 'user_subscriptions.plan_id')
    .innerJoin('billing_customers', 'billing_customers.user_id', 'user_subscriptions.user_id')
    .select([
      'user_subscriptions.stripe_subscription_id',
      'user_subscriptions.stripe_status',
      'user_subscriptions.billing_period',
      'user_subscriptions.cancel_at_period_end',
      'user_subscriptions.current_period_start',
      'user_subscriptions.current_period_end',
      'subscription_plans.name',
      'billing_customers.stripe_customer_id',
    ])
    .where('user_subscriptions.user_id', '=', userId)
    .where('user_subscriptions.status', '=', 'active')
    .where('user_subscriptions.stripe_subscription_id', 'like', 'sub_test_%')
    .executeTakeFirst();
  if (!row?.stripe_subscription_id || !row.current_period_end) return null;
  return {
    id: row.stripe_subscription_id,
    customer: row.stripe_customer_id,
    userId,
    plan: row.name as PaidTier,
    period: row.billing_period === 'year' ? 'year' : 'month',
    status: row.stripe_status ?? 'active',
    cancelAtPeriodEnd: row.cancel_at_period_end,
    start: row.current_period_start,
    end: row.current_period_end,
  };
}

/** Cancel at period end, resume, change plan or end now, as Stripe would report it. */
export async function updateTestSubscription(
  context: Omit<WebhookContext, 'secret'>,
  userId: string,
  change: { cancelAtPeriodEnd?: boolean; plan?: PaidTier; period?: BillingPeriod; endNow?: boolean },
): Promise<boolean> {
  const state = await testSubscriptionOf(await context.db(), userId);
  if (!state) return false;
  const next: TestSubscriptionState = {
    ...state,
    ...('cancelAtPeriodEnd' in change ? { cancelAtPeriodEnd: !!change.cancelAtPeriodEnd } : {}),
  };
  if (change.plan) next.plan = change.plan;
  if (change.period && change.period !== state.period) {
    // A new billing period starts a new cycle, as Stripe does when the interval changes.
    next.period = change.period;
    next.start = new Date();
    next.end = addPeriod(next.start, change.period);
  }
  if (change.endNow) next.status = 'canceled';
  await deliver(
    context,
    change.endNow ? 'customer.subscription.deleted' : 'customer.subscription.updated',
    subscriptionObject(next),
    new Date(),
  );
  return true;
}

/**
 * The test checkout's stand-in for Stripe's test clocks: the user's paid period is moved
 * into the past in the database, then what Stripe does at a period's end follows (the
 * subscription ends if it was cancelled, else it renews with a new invoice).
 */
export async function advanceTestClock(
  context: Omit<WebhookContext, 'secret'>,
  userId: string,
): Promise<'ended' | 'renewed' | 'none'> {
  const db = await context.db();
  const state = await testSubscriptionOf(db, userId);
  if (!state) return 'none';
  const length = state.end.getTime() - state.start.getTime();
  const end = new Date(Date.now() - 1000);
  const start = new Date(end.getTime() - length);
  await db
    .updateTable('user_subscriptions')
    .set({ current_period_start: start, current_period_end: end })
    .where('stripe_subscription_id', '=', state.id)
    .execute();
  const now = new Date();
  if (state.cancelAtPeriodEnd) {
    await deliver(
      context,
      'customer.subscription.deleted',
      subscriptionObject({ ...state, status: 'canceled', start, end }),
      now,
    );
    return 'ended';
  }
  const renewed: TestSubscriptionState = { ...state, start: end, end: addPeriod(end, state.period) };
  const plan = await db
    .selectFrom('subscription_plans')
    .select(['price_cents', 'price_yearly_cents', 'currency'])
    .where('name', '=', state.plan)
    .executeTakeFirstOrThrow();
  const amount = (state.period === 'month' ? plan.price_cents : plan.price_yearly_cents) ?? 0;
  await deliver(context, 'invoice.paid', invoiceObject(renewed, amount, plan.currency), now);
  await deliver(context, 'customer.subscription.updated', subscriptionObject(renewed), now);
  return 'renewed';
}
