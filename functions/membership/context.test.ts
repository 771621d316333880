import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '../../src/lib/config/env.ts';
import { membershipContext } from './context.ts';
import { handleCheckout, handleCompleteTestCheckout } from './handlers.ts';

// A self-hosted server started with `npm run serve` has no NODE_ENV: without Stripe keys it
// must say that payments are not configured, not hand out Premium through the test checkout.

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const user = { id: randomUUID(), email: 'buyer@example.test', sessionId: 's', provider: 'email', userMetadata: {} };
const post = (body: unknown) =>
  new Request('https://critical-hit.example/api/membership/checkout', { method: 'POST', body: JSON.stringify(body) });

describe('membership purchase without Stripe keys', () => {
  it('on a self-hosted server with NODE_ENV unset: payments are not configured, and there is no test checkout', async () => {
    for (const [key, value] of Object.entries({
      DATABASE_URL: 'postgres://u:p@db.test:5432/app',
      SITE_URL: 'https://critical-hit.example',
      NODE_ENV: '',
      STRIPE_SECRET_KEY: '',
      ALLOW_TEST_CHECKOUT: '',
    })) {
      vi.stubEnv(key, value);
    }
    resetEnvCache();
    const context = membershipContext(user);
    expect(context.mode).toBe('off');
    const checkout = await handleCheckout(post({ plan: 'premium', period: 'year' }), context);
    expect(checkout.status).toBe(503);
    expect(await checkout.json()).toEqual({
      error: { code: 'payments_not_configured', message: 'Payments are not configured on this site.' },
    });
    const complete = await handleCompleteTestCheckout(
      post({ session_id: 'cs_test_0123456789abcdef01234567' }),
      context,
    );
    expect(complete.status).toBe(404);
  });
});
