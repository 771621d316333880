import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { STRIPE_TEST_VARIABLES } from '../../tests/helpers/stand-ins.ts';
import { getUserTier } from '../../src/lib/auth/profiles.server.ts';
import { parseEnv } from '../../src/lib/config/env.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { billingDeps, resetStripeClient } from '../../src/lib/membership/billing.server.ts';
import { resetEnvCache } from '../../src/lib/config/env.ts';
import {
  cancelBillingOf,
  handleCheckout,
  handleManageSubscription,
  handlePortal,
  type MembershipContext,
} from './handlers.ts';
import { checkoutOutcome } from './outcome.ts';

// The real Stripe integration (the stripe package) against a local stand-in for Stripe's
// HTTP API: what the site asks Stripe for, and what it does with the answers.

interface Call {
  method: string;
  path: string;
  body: URLSearchParams;
}

let database: DatabaseConnection;
let server: Server;
const calls: Call[] = [];
let userId: string;
let context: MembershipContext;
const now = Math.floor(Date.now() / 1000);
let cancelAtPeriodEnd = false;

const subscription = () => ({
  id: 'sub_local_1',
  object: 'subscription',
  customer: 'cus_local_1',
  status: 'active',
  cancel_at_period_end: cancelAtPeriodEnd,
  metadata: { user_id: userId, plan: 'premium' },
  items: {
    object: 'list',
    data: [
      {
        id: 'si_local_1',
        current_period_start: now,
        current_period_end: now + 30 * 86_400,
        price: { id: 'price_premium_m', recurring: { interval: 'month' } },
      },
    ],
  },
});

function answer(call: Call): unknown {
  if (call.method === 'POST' && call.path === '/v1/customers') return { id: 'cus_local_1', object: 'customer' };
  if (call.method === 'POST' && call.path === '/v1/checkout/sessions')
    return { id: 'cs_local_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_local_1' };
  if (call.method === 'GET' && call.path.startsWith('/v1/checkout/sessions/cs_local_1')) {
    return {
      id: 'cs_local_1',
      object: 'checkout.session',
      status: 'complete',
      client_reference_id: userId,
      customer: 'cus_local_1',
      subscription: subscription(),
    };
  }
  if (call.path === '/v1/subscriptions/sub_local_1' && call.method === 'POST') {
    cancelAtPeriodEnd = call.body.get('cancel_at_period_end') === 'true';
    return subscription();
  }
  if (call.path === '/v1/subscriptions/sub_local_1' && call.method === 'DELETE')
    return { ...subscription(), status: 'canceled' };
  if (call.path === '/v1/billing_portal/sessions')
    return { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/bps_1' };
  return null;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  database = await createTestDatabase();
  userId = randomUUID();
  await sql`insert into auth.users (id, email, created_at) values (${userId}, 'payer@example.test', now())`.execute(
    database.db,
  );
  const stripeApi = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const call = {
      method: request.method ?? 'GET',
      path: url.pathname,
      body: new URLSearchParams(await readBody(request)),
    };
    calls.push(call);
    const body = answer(call);
    response
      .writeHead(body ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(body ?? { error: { message: 'No such route' } }));
  };
  server = createServer((request, response) => void stripeApi(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stripeVariables = {
    ...STRIPE_TEST_VARIABLES,
    STRIPE_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
  const env = parseEnv({ ...stripeVariables, SITE_URL: 'https://critical-hit.example' });
  Object.assign(process.env, stripeVariables);
  resetEnvCache();
  resetStripeClient();
  const user = { id: userId, email: 'payer@example.test', sessionId: null, provider: 'email', userMetadata: {} };
  context = { user, db: () => Promise.resolve(database.db), mode: 'stripe', env, deps: billingDeps(env) };
});

afterAll(async () => {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_URL',
    'STRIPE_PRICE_AD_FREE_MONTH',
    'STRIPE_PRICE_AD_FREE_YEAR',
    'STRIPE_PRICE_PREMIUM_MONTH',
    'STRIPE_PRICE_PREMIUM_YEAR',
  ])
    delete process.env[name];
  resetEnvCache();
  resetStripeClient();
  server?.close();
  await database?.close();
});

const post = (body: unknown) =>
  new Request('https://critical-hit.example/api', { method: 'POST', body: JSON.stringify(body) });

describe('with Stripe keys', () => {
  it('creates one customer per user and a subscription-mode Checkout Session for the chosen price', async () => {
    const first = await handleCheckout(post({ plan: 'premium', period: 'month' }), context);
    expect(await first.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_local_1' });
    await handleCheckout(post({ plan: 'premium', period: 'month' }), context);
    expect(calls.filter((c) => c.path === '/v1/customers')).toHaveLength(1);
    const session = calls.find((c) => c.path === '/v1/checkout/sessions')!.body;
    expect(session.get('mode')).toBe('subscription');
    expect(session.get('customer')).toBe('cus_local_1');
    expect(session.get('client_reference_id')).toBe(userId);
    expect(session.get('line_items[0][price]')).toBe('price_premium_m');
    expect(session.get('success_url')).toBe(
      'https://critical-hit.example/payment/success?session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('reads the outcome from Stripe and gives the tier at once; reloading changes nothing', async () => {
    const outcome = await checkoutOutcome('cs_local_1', { ...context, user: context.user! });
    expect(outcome).toMatchObject({ kind: 'complete', plan: 'premium' });
    expect(await getUserTier(database.db, userId)).toBe('premium');
    expect(await checkoutOutcome('cs_local_1', { ...context, user: context.user! })).toMatchObject({
      kind: 'complete',
      plan: 'premium',
    });
    const stranger = { ...context.user!, id: randomUUID() };
    expect(await checkoutOutcome('cs_local_1', { ...context, user: stranger })).toEqual({ kind: 'invalid' });
    const again = await handleCheckout(post({ plan: 'ad_free', period: 'month' }), context);
    expect(again.status).toBe(409);
  });

  it('cancels at period end and resumes through Stripe, and opens the customer portal', async () => {
    await handleManageSubscription(post({ action: 'cancel' }), context);
    expect(calls.at(-1)?.body.get('cancel_at_period_end')).toBe('true');
    expect(await getUserTier(database.db, userId)).toBe('premium');
    await handleManageSubscription(post({ action: 'resume' }), context);
    expect(calls.at(-1)?.body.get('cancel_at_period_end')).toBe('false');
    const portal = await handlePortal(post({}), context);
    expect(await portal.json()).toEqual({ url: 'https://billing.stripe.com/p/session/bps_1' });
    expect(calls.at(-1)?.body.get('customer')).toBe('cus_local_1');
  });

  it('cancels the subscription at Stripe before an account is deleted', async () => {
    await cancelBillingOf(userId, context);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_local_1' });
  });
});
