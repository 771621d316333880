import { describe, expect, it } from 'vitest';
import {
  checkoutRequestSchema,
  formatPrice,
  invoiceSubscriptionId,
  isNewer,
  orderPlans,
  renewalTerms,
  rowStatusOf,
  snapshotOf,
  yearlySavingPercent,
} from './membership.ts';

const premium = {
  name: 'premium',
  display_name: 'Premium',
  description: '',
  price_cents: 599,
  price_yearly_cents: 5990,
  currency: 'USD',
};

describe('membership rules', () => {
  it('accepts only paid plans and known periods', () => {
    expect(checkoutRequestSchema.safeParse({ plan: 'premium', period: 'year' }).success).toBe(true);
    expect(checkoutRequestSchema.safeParse({ plan: 'free', period: 'month' }).error?.issues[0]?.message).toBe(
      'Choose the Ad-Free or the Premium plan.',
    );
    expect(checkoutRequestSchema.safeParse({ plan: 'premium', period: 'week' }).success).toBe(false);
  });

  it('keeps the tier while Stripe retries a payment and ends it when Stripe does', () => {
    expect(['active', 'trialing', 'past_due'].map(rowStatusOf)).toEqual(['active', 'active', 'active']);
    expect(rowStatusOf('canceled')).toBe('canceled');
    expect(['unpaid', 'incomplete', 'incomplete_expired', 'paused'].map(rowStatusOf)).toEqual([
      'expired',
      'expired',
      'expired',
      'expired',
    ]);
  });

  it('never lets an older event overwrite a newer one; equal seconds apply in arrival order', () => {
    expect(isNewer(new Date(2000), null)).toBe(true);
    expect(isNewer(new Date(1000), new Date(2000))).toBe(false);
    expect(isNewer(new Date(2000), new Date(2000))).toBe(true);
  });

  it('reads the plan from the configured price before any metadata, and the period from the item', () => {
    const snapshot = snapshotOf(
      {
        id: 'sub_1',
        customer: { id: 'cus_1' },
        status: 'active',
        cancel_at_period_end: true,
        metadata: { user_id: 'u1', plan: 'ad_free' },
        items: {
          data: [
            {
              current_period_start: 10,
              current_period_end: 20,
              price: { id: 'price_p', recurring: { interval: 'year' } },
            },
          ],
        },
      },
      (price) => (price === 'price_p' ? 'premium' : null),
    );
    expect(snapshot).toMatchObject({
      plan: 'premium',
      period: 'year',
      customerId: 'cus_1',
      cancelAtPeriodEnd: true,
      userId: 'u1',
    });
    expect(snapshot.periodEnd?.getTime()).toBe(20_000);
  });

  it('finds an invoice subscription in the current and the older API shapes', () => {
    expect(invoiceSubscriptionId({ parent: { subscription_details: { subscription: 'sub_new' } } })).toBe('sub_new');
    expect(invoiceSubscriptionId({ subscription: 'sub_old' })).toBe('sub_old');
    expect(invoiceSubscriptionId({})).toBeNull();
  });

  it('states prices and renewal terms before payment', () => {
    expect(formatPrice(599, 'USD')).toBe('$5.99');
    expect(yearlySavingPercent(premium)).toBe(17);
    expect(renewalTerms(premium, 'year')).toContain('$59.90 per year');
    expect(orderPlans([{ name: 'premium' }, { name: 'x' }, { name: 'free' }]).map((p) => p.name)).toEqual([
      'free',
      'premium',
    ]);
  });
});
