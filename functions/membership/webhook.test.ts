import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { getUserTier } from '../../src/lib/auth/profiles.server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { currentSubscription, listInvoices } from '../../src/lib/membership/membership.server.ts';
import { handleStripeWebhook, type WebhookContext } from './webhook.ts';
import { completeTestSession, createTestSession, subscriptionObject, updateTestSubscription } from './test-checkout.ts';

// Events signed with the stripe package's own helper, sent to the handler as Stripe sends
// them: replayed, reordered and tampered with.

const SECRET = 'whsec_membership_test_secret';
let database: DatabaseConnection;
let context: WebhookContext;

const PRICES: Record<string, 'ad_free' | 'premium'> = {
  price_live_adfree_m: 'ad_free',
  price_live_premium_m: 'premium',
};

async function createUser(): Promise<string> {
  const id = randomUUID();
  await sql`insert into auth.users (id, email, created_at) values (${id}, ${`${id.slice(0, 8)}@example.test`}, now())`.execute(
    database.db,
  );
  return id;
}

function event(type: string, object: object, created: number, id = `evt_${randomUUID().replaceAll('-', '')}`) {
  return JSON.stringify({ id, object: 'event', type, created, livemode: false, data: { object } });
}

function send(payload: string, secret = SECRET, signature?: string): Promise<Response> {
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return handleStripeWebhook(
    new Request('http://localhost/api/stripe/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': header },
      body: payload,
    }),
    context,
  );
}

function subscription(
  userId: string,
  customer: string,
  opts: { id: string; price: string; status?: string; cancel?: boolean; end?: number },
) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: opts.id,
    object: 'subscription',
    customer,
    status: opts.status ?? 'active',
    cancel_at_period_end: opts.cancel ?? false,
    metadata: { user_id: userId },
    items: {
      data: [
        {
          id: 'si_1',
          current_period_start: now - 60,
          current_period_end: opts.end ?? now + 30 * 86_400,
          price: { id: opts.price, recurring: { interval: 'month' } },
        },
      ],
    },
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: () => Promise.resolve(database.db),
    secret: SECRET,
    deps: { planOfPrice: (price) => PRICES[price] ?? null },
  };
});
afterAll(() => database.close());

describe('POST /api/stripe/webhook', () => {
  it('refuses a wrong, tampered or missing signature with 400 and changes nothing', async () => {
    const user = await createUser();
    const payload = event(
      'customer.subscription.created',
      subscription(user, 'cus_a', { id: 'sub_a', price: 'price_live_premium_m' }),
      100,
    );
    expect((await send(payload, 'whsec_someone_else')).status).toBe(400);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await send(payload.replace('premium', 'ad_free'), SECRET, header)).status).toBe(400);
    const missing = await handleStripeWebhook(
      new Request('http://localhost/api/stripe/webhook', { method: 'POST', body: payload }),
      context,
    );
    expect(missing.status).toBe(400);
    expect(await getUserTier(database.db, user)).toBe('free');
  });

  it('answers 503 when no signing secret is configured', async () => {
    const response = await handleStripeWebhook(new Request('http://localhost/x', { method: 'POST', body: '{}' }), {
      ...context,
      secret: undefined,
    });
    expect(response.status).toBe(503);
  });

  it('gives the tier on created, ignores a replay and an older update, and ends it on deleted', async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    await send(
      event(
        'checkout.session.completed',
        { id: 'cs_1', object: 'checkout.session', client_reference_id: user, customer: 'cus_b', subscription: 'sub_b' },
        now - 10,
      ),
    );
    const created = event(
      'customer.subscription.created',
      subscription(user, 'cus_b', { id: 'sub_b', price: 'price_live_premium_m' }),
      now - 9,
    );
    expect(await (await send(created)).json()).toMatchObject({ outcome: 'applied' });
    expect(await getUserTier(database.db, user)).toBe('premium');

    // Downgrade at t=now, then a stale ad-free -> premium update from t=now-5 arrives late.
    await send(
      event(
        'customer.subscription.updated',
        subscription(user, 'cus_b', { id: 'sub_b', price: 'price_live_adfree_m' }),
        now,
      ),
    );
    const late = await send(
      event(
        'customer.subscription.updated',
        subscription(user, 'cus_b', { id: 'sub_b', price: 'price_live_premium_m' }),
        now - 5,
      ),
    );
    expect(await late.json()).toMatchObject({ outcome: 'stale' });
    expect(await getUserTier(database.db, user)).toBe('ad_free');

    // The very same event twice (Stripe retries): the second changes nothing.
    const deleted = event(
      'customer.subscription.deleted',
      subscription(user, 'cus_b', { id: 'sub_b', price: 'price_live_adfree_m', status: 'canceled' }),
      now + 1,
    );
    await send(deleted);
    expect(await getUserTier(database.db, user)).toBe('free');
    expect(await (await send(deleted)).json()).toMatchObject({ outcome: 'duplicate' });
    const events = await database.db
      .selectFrom('stripe_events')
      .select('id')
      .where('type', '=', 'customer.subscription.deleted')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('keeps the plan while a payment is past due, and records invoices', async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    await send(
      event(
        'checkout.session.completed',
        { id: 'cs_2', client_reference_id: user, customer: 'cus_c', subscription: 'sub_c' },
        now - 10,
      ),
    );
    await send(
      event(
        'customer.subscription.created',
        subscription(user, 'cus_c', { id: 'sub_c', price: 'price_live_premium_m' }),
        now - 9,
      ),
    );
    const invoice = (id: string) => ({
      id,
      object: 'invoice',
      customer: 'cus_c',
      amount_paid: 0,
      amount_due: 599,
      currency: 'usd',
      created: now,
      parent: { subscription_details: { subscription: 'sub_c' } },
    });
    await send(event('invoice.payment_failed', invoice('in_failed'), now));
    expect((await currentSubscription(database.db, user))?.stripeStatus).toBe('past_due');
    expect(await getUserTier(database.db, user)).toBe('premium');
    await send(event('invoice.paid', { ...invoice('in_paid'), amount_paid: 599 }, now + 1));
    expect((await currentSubscription(database.db, user))?.stripeStatus).toBe('active');
    expect((await listInvoices(database.db, user)).map((i) => [i.id, i.status, i.amount_cents])).toEqual(
      expect.arrayContaining([
        ['in_failed', 'payment_failed', 599],
        ['in_paid', 'paid', 599],
      ]),
    );
  });

  it('keeps a plan cancelled at period end until the period ends', async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    await send(
      event(
        'checkout.session.completed',
        { id: 'cs_3', client_reference_id: user, customer: 'cus_d', subscription: 'sub_d' },
        now - 10,
      ),
    );
    await send(
      event(
        'customer.subscription.updated',
        subscription(user, 'cus_d', { id: 'sub_d', price: 'price_live_premium_m', cancel: true }),
        now,
      ),
    );
    expect(await getUserTier(database.db, user)).toBe('premium');
    // The period ends: moved in the database, not by waiting.
    await sql`update public.user_subscriptions set current_period_start = now() - interval '31 days', current_period_end = now() - interval '1 second' where stripe_subscription_id = 'sub_d'`.execute(
      database.db,
    );
    expect(await getUserTier(database.db, user)).toBe('free');
  });

  it('ignores events for unknown users and event types it does not handle', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unknown = await send(
      event(
        'customer.subscription.created',
        subscription(randomUUID(), 'cus_x', { id: 'sub_x', price: 'price_live_premium_m' }),
        now,
      ),
    );
    expect(await unknown.json()).toMatchObject({ outcome: 'unknown' });
    const other = await send(event('charge.refunded', { id: 'ch_1' }, now));
    expect(await other.json()).toMatchObject({ outcome: 'ignored' });
  });
});

describe('the test checkout', () => {
  it('sends signed events through the webhook handler: pay, cancel at period end, resume, change plan', async () => {
    const user = await createUser();
    const deps = {
      planOfPrice: (price: string) =>
        (/^price_test_(ad_free|premium)_/.exec(price)?.[1] as 'ad_free' | 'premium' | undefined) ?? null,
    };
    const local = { db: () => Promise.resolve(database.db), deps };
    const session = await createTestSession(database.db, user, 'premium', 'year');
    expect(await completeTestSession(local, session, randomUUID())).toBe('not_found');
    expect(await completeTestSession(local, session, user)).toBe('complete');
    expect(await completeTestSession(local, session, user)).toBe('already_complete');
    expect(await getUserTier(database.db, user)).toBe('premium');
    const current = await currentSubscription(database.db, user);
    expect(current).toMatchObject({ plan: 'premium', period: 'year', cancelAtPeriodEnd: false });
    expect((await listInvoices(database.db, user))[0]).toMatchObject({ status: 'paid', amount_cents: 5990 });

    await updateTestSubscription(local, user, { cancelAtPeriodEnd: true });
    expect((await currentSubscription(database.db, user))?.cancelAtPeriodEnd).toBe(true);
    await updateTestSubscription(local, user, { cancelAtPeriodEnd: false });
    await updateTestSubscription(local, user, { plan: 'ad_free', period: 'month' });
    expect(await getUserTier(database.db, user)).toBe('ad_free');
    await updateTestSubscription(local, user, { endNow: true });
    expect(await getUserTier(database.db, user)).toBe('free');
  });

  it('builds subscriptions in the shape the stripe types describe', () => {
    const object = subscriptionObject({
      id: 'sub_test_1',
      customer: 'cus_test_1',
      userId: 'u',
      plan: 'premium',
      period: 'month',
      status: 'active',
      cancelAtPeriodEnd: false,
      start: new Date(0),
      end: new Date(1000),
    });
    const typed: Pick<Stripe.Subscription, 'id' | 'status' | 'cancel_at_period_end'> = object;
    expect(typed.status).toBe('active');
    expect(object.items.data[0]?.current_period_end).toBe(1);
  });
});

describe('deleting an account', () => {
  it('cancels the subscription first, and keeps the account when that fails', async () => {
    const { handleDeleteAccount } = await import('../account/handlers.ts');
    const user = await createUser();
    const auth = { id: user, email: null, sessionId: null, provider: 'email', userMetadata: {} };
    const order: string[] = [];
    const request = () =>
      new Request('http://localhost/api/account', { method: 'DELETE', body: JSON.stringify({ confirm: 'DELETE' }) });
    const failed = await handleDeleteAccount(request(), {
      user: auth,
      db: () => Promise.resolve(database.db),
      signOut: () => Promise.resolve(void order.push('signOut')),
      cancelBilling: () => Promise.reject(new Error('Stripe is unreachable')),
    });
    expect(failed.status).toBe(502);
    expect((await sql`select 1 from auth.users where id = ${user}`.execute(database.db)).rows).toHaveLength(1);

    const deleted = await handleDeleteAccount(request(), {
      user: auth,
      db: () => Promise.resolve(database.db),
      signOut: () => Promise.resolve(void order.push('signOut')),
      cancelBilling: () => Promise.resolve(void order.push('cancel')),
    });
    expect(deleted.status).toBe(200);
    expect(order).toEqual(['cancel', 'signOut']);
    expect((await sql`select 1 from auth.users where id = ${user}`.execute(database.db)).rows).toHaveLength(0);
  });
});
