import { z } from 'zod';
import { TIERS, type Feature, type Tier } from '../auth/tiers.ts';
import { formatMoney } from '../format/numbers.ts';

/**
 * Membership: what can be bought, and how Stripe's subscription objects become the row
 * the server reads the tier from. Pure: no database, no network.
 */

export const PAID_TIERS = ['ad_free', 'premium'] as const satisfies readonly Tier[];
export type PaidTier = (typeof PAID_TIERS)[number];
export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const PERIOD_LABELS: Readonly<Record<BillingPeriod, string>> = { month: 'Monthly', year: 'Yearly' };

/**
 * Where payments happen. `stripe`: the real Stripe API. `test`: the built-in test checkout of
 * the embedded default. `off`: neither (production without keys).
 */
export type BillingMode = 'stripe' | 'test' | 'off';

export const TEST_MODE_NOTICE = 'Test mode: no payment is taken';

export const checkoutRequestSchema = z.object({
  plan: z.enum(PAID_TIERS, { error: 'Choose the Ad-Free or the Premium plan.' }),
  period: z.enum(BILLING_PERIODS, { error: 'Choose a monthly or a yearly billing period.' }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const manageRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('resume') }),
  z.object({
    action: z.literal('change'),
    plan: checkoutRequestSchema.shape.plan,
    period: checkoutRequestSchema.shape.period,
  }),
]);
export type ManageRequest = z.infer<typeof manageRequestSchema>;

/** A paid plan as the plan picker shows it. */
export interface PlanChoice {
  plan: PaidTier;
  label: string;
  prices: Record<BillingPeriod, string>;
  terms: Record<BillingPeriod, string>;
}

/** A Stripe-style id: what a session_id query parameter may look like. */
export const stripeIdSchema = z
  .string()
  .trim()
  .min(3)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/);

export interface PlanRow {
  name: string;
  display_name: string;
  description: string;
  price_cents: number | null;
  price_yearly_cents: number | null;
  currency: string;
}

/** Plans in tier order (Free, Ad-Free, Premium); unknown plan names are left out. */
export function orderPlans<T extends { name: string }>(plans: readonly T[]): T[] {
  return TIERS.flatMap((tier) => plans.filter((plan) => plan.name === tier));
}

export function priceOf(plan: PlanRow, period: BillingPeriod): number | null {
  return period === 'month' ? plan.price_cents : plan.price_yearly_cents;
}

/** "$5.99" for 599 USD. */
export const formatPrice = formatMoney;

/** What a yearly price saves against twelve monthly ones, in whole percent (0 when none). */
export function yearlySavingPercent(plan: PlanRow): number {
  if (!plan.price_cents || plan.price_yearly_cents === null) return 0;
  const twelve = plan.price_cents * 12;
  return Math.max(0, Math.round(((twelve - plan.price_yearly_cents) / twelve) * 100));
}

/** The renewal terms shown before payment. */
export function renewalTerms(plan: PlanRow, period: BillingPeriod): string {
  const price = priceOf(plan, period) ?? 0;
  const every = period === 'month' ? 'month' : 'year';
  return `${formatPrice(price, plan.currency)} per ${every}, taxes included where they apply. Renews automatically every ${every} until you cancel; cancel any time from your account and keep the plan until the end of the period you paid for.`;
}

// --- From Stripe's objects to our row ------------------------------------------------------

/** The row statuses: `active` grants the plan's tier. */
export type RowStatus = 'active' | 'canceled' | 'expired';

/**
 * Stripe keeps a subscription past_due while it retries a failed payment: the member keeps
 * the plan until Stripe ends it (canceled, or unpaid when retries run out).
 */
export function rowStatusOf(stripeStatus: string): RowStatus {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return 'active';
    case 'canceled':
      return 'canceled';
    default:
      return 'expired';
  }
}

/** The parts of a Stripe subscription we keep (the API's shape, reduced). */
export interface StripeSubscriptionLike {
  id: string;
  customer: string | { id: string };
  status: string;
  cancel_at_period_end: boolean;
  metadata?: Record<string, string> | null;
  current_period_start?: number;
  current_period_end?: number;
  items: {
    data: Array<{
      current_period_start?: number;
      current_period_end?: number;
      price: { id: string; recurring?: { interval: string } | null; metadata?: Record<string, string> | null };
    }>;
  };
}

export interface SubscriptionSnapshot {
  stripeSubscriptionId: string;
  customerId: string;
  stripeStatus: string;
  status: RowStatus;
  plan: PaidTier | null;
  period: BillingPeriod | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  userId: string | null;
}

const isPaidTier = (value: unknown): value is PaidTier => (PAID_TIERS as readonly unknown[]).includes(value);

/**
 * Reads a subscription. The plan comes from the configured price ids (so a change made in
 * Stripe's portal is understood), else from the price's or the subscription's metadata.
 * Since Stripe's 2025 API versions the period lives on the subscription item.
 */
export function snapshotOf(
  subscription: StripeSubscriptionLike,
  planOfPrice: (priceId: string) => PaidTier | null,
): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const metaPlan = item?.price.metadata?.plan ?? subscription.metadata?.plan;
  const plan = (item && planOfPrice(item.price.id)) ?? (isPaidTier(metaPlan) ? metaPlan : null);
  const interval = item?.price.recurring?.interval;
  const start = item?.current_period_start ?? subscription.current_period_start;
  const end = item?.current_period_end ?? subscription.current_period_end;
  return {
    stripeSubscriptionId: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    stripeStatus: subscription.status,
    status: rowStatusOf(subscription.status),
    plan,
    period: interval === 'month' || interval === 'year' ? interval : null,
    periodStart: start ? new Date(start * 1000) : null,
    periodEnd: end ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    userId: subscription.metadata?.user_id ?? null,
  };
}

/**
 * Events arrive in any order: one applies only if it is not older than the newest one
 * already applied to the row (Stripe's `created`, in seconds; equal seconds apply in
 * arrival order).
 */
export function isNewer(eventCreated: Date, lastApplied: Date | null): boolean {
  return lastApplied === null || eventCreated.getTime() >= lastApplied.getTime();
}

/** The subscription id an invoice belongs to (moved under `parent` in Stripe's 2025 API). */
export function invoiceSubscriptionId(invoice: {
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription: string | { id: string } } | null } | null;
}): string | null {
  const ref = invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
  if (ref === null) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type HandledEvent = (typeof HANDLED_EVENTS)[number];
export const isHandledEvent = (type: string): type is HandledEvent =>
  (HANDLED_EVENTS as readonly string[]).includes(type);

/** How each feature of the tier table reads on the comparison. */
export const FEATURE_LABELS = {
  notifications: 'Notifications kept (hours)',
  followOutlets: 'Follow outlets',
  xpSystem: 'Earn XP and levels',
  defaultLists: 'Default game lists',
  addGames: 'Add games',
  linkGames: 'Link games',
  customLists: 'Custom game lists',
  adFree: 'No ads',
  userReviews: 'Publish your own reviews',
} as const satisfies Record<Feature, string>;

/** A row of the /membership comparison: a feature and what each plan gives of it. */
export interface ComparisonRow {
  label: string;
  values: Record<Tier, string>;
}

/** One plan of the comparison: its prices and what it includes, in the comparison's row order. */
export interface PlanColumn {
  tier: Tier;
  label: string;
  month: string;
  year: string;
  /** Whole percent saved by paying yearly; 0 when there is no saving. */
  saving: number;
  features: { label: string; value: string }[];
}

export interface PlanComparison {
  columns: PlanColumn[];
  rows: ComparisonRow[];
}
