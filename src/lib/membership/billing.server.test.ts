import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { billingModeOf, planOfPriceFor } from './billing.server.ts';

describe('billing mode', () => {
  it('uses Stripe with a key, the test checkout without one, and refuses it in production unless allowed', () => {
    expect(billingModeOf({ STRIPE_SECRET_KEY: 'sk_live_x', NODE_ENV: 'production', ALLOW_TEST_CHECKOUT: undefined })).toBe('stripe');
    expect(billingModeOf({ STRIPE_SECRET_KEY: undefined, NODE_ENV: undefined, ALLOW_TEST_CHECKOUT: undefined })).toBe('test');
    expect(billingModeOf({ STRIPE_SECRET_KEY: undefined, NODE_ENV: 'production', ALLOW_TEST_CHECKOUT: undefined })).toBe('off');
    expect(billingModeOf({ STRIPE_SECRET_KEY: undefined, NODE_ENV: 'production', ALLOW_TEST_CHECKOUT: '1' })).toBe('test');
  });

  it('needs the webhook secret and every price once a Stripe key is set', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET is missing/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'not-a-key' })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret/);
  });

  it('maps configured prices to plans, and test prices only in test mode', () => {
    const live = parseEnv({
      STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', SITE_URL: 'https://x.example',
      STRIPE_PRICE_AD_FREE_MONTH: 'price_a', STRIPE_PRICE_AD_FREE_YEAR: 'price_b', STRIPE_PRICE_PREMIUM_MONTH: 'price_c', STRIPE_PRICE_PREMIUM_YEAR: 'price_d',
    });
    expect(planOfPriceFor(live)('price_d')).toBe('premium');
    expect(planOfPriceFor(live)('price_test_premium_month')).toBeNull();
    expect(planOfPriceFor(parseEnv({}))('price_test_ad_free_year')).toBe('ad_free');
  });
});
