import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.ts';
import { billingModeOf, planOfPriceFor } from './billing.server.ts';

describe('billing mode', () => {
  it('uses Stripe with a key, the test checkout without one, and refuses it in production unless allowed', () => {
    expect(
      billingModeOf({
        mode: 'supabase',
        STRIPE_SECRET_KEY: 'sk_live_x',
        NODE_ENV: 'production',
        ALLOW_TEST_CHECKOUT: undefined,
      }),
    ).toBe('stripe');
    expect(
      billingModeOf({
        mode: 'embedded',
        STRIPE_SECRET_KEY: undefined,
        NODE_ENV: undefined,
        ALLOW_TEST_CHECKOUT: undefined,
      }),
    ).toBe('test');
    expect(
      billingModeOf({
        mode: 'embedded',
        STRIPE_SECRET_KEY: undefined,
        NODE_ENV: 'production',
        ALLOW_TEST_CHECKOUT: undefined,
      }),
    ).toBe('off');
    expect(
      billingModeOf({
        mode: 'embedded',
        STRIPE_SECRET_KEY: undefined,
        NODE_ENV: 'production',
        ALLOW_TEST_CHECKOUT: '1',
      }),
    ).toBe('test');
    expect(
      billingModeOf({ mode: 'embedded', STRIPE_SECRET_KEY: undefined, NODE_ENV: undefined, ALLOW_TEST_CHECKOUT: '0' }),
    ).toBe('off');
  });

  // `npm run serve` on a self-hosted server leaves NODE_ENV unset: that never gives Premium away.
  const SELF_HOSTED = { DATABASE_URL: 'postgres://u:p@db.test:5432/app', SITE_URL: 'https://critical-hit.example' };
  const SUPABASE = { ...SELF_HOSTED, SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: 'anon' };
  const cases: [name: string, env: Record<string, string>, mode: string][] = [
    ['embedded, NODE_ENV unset', {}, 'test'],
    ['self-hosted, NODE_ENV unset', SELF_HOSTED, 'off'],
    ['self-hosted, NODE_ENV=development', { ...SELF_HOSTED, NODE_ENV: 'development' }, 'off'],
    ['Supabase, NODE_ENV unset', SUPABASE, 'off'],
    ['Vercel', { ...SUPABASE, VERCEL: '1' }, 'off'],
    ['self-hosted with ALLOW_TEST_CHECKOUT=1', { ...SELF_HOSTED, ALLOW_TEST_CHECKOUT: '1' }, 'test'],
    ['Supabase with ALLOW_TEST_CHECKOUT=1', { ...SUPABASE, ALLOW_TEST_CHECKOUT: '1' }, 'test'],
    ['embedded with ALLOW_TEST_CHECKOUT=0', { ALLOW_TEST_CHECKOUT: '0' }, 'off'],
  ];
  for (const [name, env, mode] of cases) {
    it(`${name}: ${mode === 'test' ? 'the test checkout' : 'payments are not configured'}`, () => {
      expect(billingModeOf(parseEnv(env))).toBe(mode);
    });
  }

  it('needs the webhook secret and every price once a Stripe key is set', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET is missing/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'not-a-key' })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret/);
  });

  it('maps configured prices to plans, and test prices only in test mode', () => {
    const live = parseEnv({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      SITE_URL: 'https://x.example',
      STRIPE_PRICE_AD_FREE_MONTH: 'price_a',
      STRIPE_PRICE_AD_FREE_YEAR: 'price_b',
      STRIPE_PRICE_PREMIUM_MONTH: 'price_c',
      STRIPE_PRICE_PREMIUM_YEAR: 'price_d',
    });
    expect(planOfPriceFor(live)('price_d')).toBe('premium');
    expect(planOfPriceFor(live)('price_test_premium_month')).toBeNull();
    expect(planOfPriceFor(parseEnv({}))('price_test_ad_free_year')).toBe('ad_free');
  });
});
