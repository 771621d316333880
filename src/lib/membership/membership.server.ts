import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  invoiceSubscriptionId,
  isHandledEvent,
  isNewer,
  orderPlans,
  snapshotOf,
  type BillingPeriod,
  type PaidTier,
  type PlanRow,
  type StripeSubscriptionLike,
  type SubscriptionSnapshot,
} from './membership.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The plans with their prices, in tier order. */
export async function listPlans(db: Db): Promise<PlanRow[]> {
  const rows = await db
    .selectFrom('subscription_plans')
    .select(['name', 'display_name', 'description', 'price_cents', 'price_yearly_cents', 'currency'])
    .execute();
  return orderPlans(rows);
}

export interface CurrentSubscription {
  plan: string;
  status: string;
  stripeStatus: string | null;
  period: BillingPeriod | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stripeSubscriptionId: string | null;
}

/** The subscription that gives the user their tier (status active), if any. */
export async function currentSubscription(db: Db | Trx, userId: string): Promise<CurrentSubscription | null> {
  const row = await db
    .selectFrom('user_subscriptions')
    .innerJoin('subscription_plans', 'subscription_plans.id', 'user_subscriptions.plan_id')
    .select([
      'subscription_plans.name as plan',
      'user_subscriptions.status',
      'user_subscriptions.stripe_status',
      'user_subscriptions.billing_period',
      'user_subscriptions.current_period_end',
      'user_subscriptions.cancel_at_period_end',
      'user_subscriptions.stripe_subscription_id',
    ])
    .where('user_subscriptions.user_id', '=', userId)
    .where('user_subscriptions.status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    plan: row.plan,
    status: row.status,
    stripeStatus: row.stripe_status,
    period: row.billing_period === 'month' || row.billing_period === 'year' ? row.billing_period : null,
    periodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    stripeSubscriptionId: row.stripe_subscription_id,
  };
}

export async function listInvoices(db: Db, userId: string, limit = 24) {
  return db
    .selectFrom('billing_invoices')
    .select(['id', 'status', 'amount_cents', 'currency', 'hosted_invoice_url', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function customerIdOf(db: Db | Trx, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('billing_customers')
    .select('stripe_customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.stripe_customer_id ?? null;
}

export async function saveCustomer(db: Db | Trx, userId: string, customerId: string): Promise<void> {
  await db
    .insertInto('billing_customers')
    .values({ user_id: userId, stripe_customer_id: customerId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

async function userOfCustomer(trx: Trx, customerId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('billing_customers')
    .select('user_id')
    .where('stripe_customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Writes a subscription snapshot unless a newer event already reached the row. The user
 * is the customer's (or the metadata's for a customer not linked yet); an unknown user or
 * plan changes nothing.
 */
export async function applySnapshot(
  trx: Trx,
  snapshot: SubscriptionSnapshot,
  at: Date,
): Promise<'applied' | 'stale' | 'unknown'> {
  const userId = (await userOfCustomer(trx, snapshot.customerId)) ?? snapshot.userId;
  if (!userId || !snapshot.plan) return 'unknown';
  const exists = await sql<{ one: number }>`select 1 as one from auth.users where id = ${userId}`.execute(trx);
  if (exists.rows.length === 0) return 'unknown';
  if (!(await userOfCustomer(trx, snapshot.customerId))) await saveCustomer(trx, userId, snapshot.customerId);
  const plan = await trx
    .selectFrom('subscription_plans')
    .select('id')
    .where('name', '=', snapshot.plan)
    .executeTakeFirst();
  if (!plan) return 'unknown';
  const existing = await trx
    .selectFrom('user_subscriptions')
    .select(['id', 'stripe_event_at', 'current_period_start'])
    .where('stripe_subscription_id', '=', snapshot.stripeSubscriptionId)
    .forUpdate()
    .executeTakeFirst();
  if (existing && !isNewer(at, existing.stripe_event_at)) return 'stale';
  if (snapshot.status === 'active') {
    // One active subscription per user: a paid Stripe subscription replaces a plan given
    // without one (the demo accounts' own rows).
    await trx
      .updateTable('user_subscriptions')
      .set({ status: 'canceled' })
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .where('stripe_subscription_id', 'is', null)
      .execute();
  }
  const values = {
    plan_id: plan.id,
    status: snapshot.status,
    stripe_status: snapshot.stripeStatus,
    billing_period: snapshot.period,
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
    current_period_start: snapshot.periodStart ?? existing?.current_period_start ?? at,
    current_period_end: snapshot.periodEnd,
    stripe_event_at: at,
  };
  if (existing) await trx.updateTable('user_subscriptions').set(values).where('id', '=', existing.id).execute();
  else
    await trx
      .insertInto('user_subscriptions')
      .values({ ...values, user_id: userId, stripe_subscription_id: snapshot.stripeSubscriptionId })
      .execute();
  return 'applied';
}

/** A verified Stripe event, reduced to what is read. */
export interface BillingEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export interface ApplyDeps {
  planOfPrice: (priceId: string) => PaidTier | null;
  /** Reads a subscription from Stripe (after checkout, when the event only names it). */
  retrieveSubscription?: (id: string) => Promise<StripeSubscriptionLike | null>;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknown';

/**
 * Applies one verified event in one transaction, recording its id first: a replay finds
 * the id and changes nothing; a failure rolls the id back so Stripe's retry applies it.
 */
export async function applyBillingEvent(db: Db, event: BillingEvent, deps: ApplyDeps): Promise<ApplyOutcome> {
  if (!isHandledEvent(event.type)) return 'ignored';
  const at = new Date(event.created * 1000);
  const subscriptionFromCheckout =
    event.type === 'checkout.session.completed' &&
    deps.retrieveSubscription &&
    typeof event.data.object.subscription === 'string'
      ? await deps.retrieveSubscription(event.data.object.subscription)
      : null;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type, created_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate';
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed': {
        const userId = typeof object.client_reference_id === 'string' ? object.client_reference_id : null;
        const customer = typeof object.customer === 'string' ? object.customer : null;
        if (userId && customer) {
          const known = await sql<{ one: number }>`select 1 as one from auth.users where id = ${userId}`.execute(trx);
          if (known.rows.length > 0) await saveCustomer(trx, userId, customer);
        }
        return subscriptionFromCheckout
          ? applySnapshot(trx, snapshotOf(subscriptionFromCheckout, deps.planOfPrice), at)
          : 'applied';
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return applySnapshot(trx, snapshotOf(object as unknown as StripeSubscriptionLike, deps.planOfPrice), at);
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return applyInvoice(trx, object, event.type === 'invoice.paid' ? 'paid' : 'payment_failed', at);
      default:
        return 'ignored';
    }
  });
}

async function applyInvoice(
  trx: Trx,
  invoice: Record<string, unknown>,
  outcome: 'paid' | 'payment_failed',
  at: Date,
): Promise<ApplyOutcome> {
  const subscriptionId = invoiceSubscriptionId(invoice);
  const customer = typeof invoice.customer === 'string' ? invoice.customer : null;
  const userId = customer ? await userOfCustomer(trx, customer) : null;
  if (!userId || typeof invoice.id !== 'string') return 'unknown';
  const amount = Number(outcome === 'paid' ? invoice.amount_paid : invoice.amount_due);
  await trx
    .insertInto('billing_invoices')
    .values({
      id: invoice.id,
      user_id: userId,
      stripe_subscription_id: subscriptionId,
      status: outcome,
      amount_cents: Number.isSafeInteger(amount) && amount >= 0 ? amount : 0,
      currency: typeof invoice.currency === 'string' ? invoice.currency.toUpperCase().slice(0, 3) : 'USD',
      hosted_invoice_url:
        typeof invoice.hosted_invoice_url === 'string' ? invoice.hosted_invoice_url.slice(0, 2000) : null,
      created_at: typeof invoice.created === 'number' ? new Date(invoice.created * 1000) : at,
    })
    .onConflict((oc) => oc.column('id').doUpdateSet({ status: outcome }))
    .execute();
  if (!subscriptionId) return 'applied';
  const row = await trx
    .selectFrom('user_subscriptions')
    .select(['id', 'stripe_event_at', 'status'])
    .where('stripe_subscription_id', '=', subscriptionId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.status !== 'active') return 'applied';
  if (!isNewer(at, row.stripe_event_at)) return 'stale';
  // A failed payment makes the subscription past_due; the plan stays until Stripe ends it.
  await trx
    .updateTable('user_subscriptions')
    .set({ stripe_status: outcome === 'paid' ? 'active' : 'past_due', stripe_event_at: at })
    .where('id', '=', row.id)
    .execute();
  return 'applied';
}
