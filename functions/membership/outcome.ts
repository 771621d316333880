import { stripe, syncStripeSubscription } from '../../src/lib/membership/billing.server.ts';
import { currentSubscription } from '../../src/lib/membership/membership.server.ts';
import { stripeIdSchema } from '../../src/lib/membership/membership.ts';
import type { MembershipContext } from './handlers.ts';
import { readTestSession } from './test-checkout.ts';

export type CheckoutOutcome =
  { kind: 'invalid' } | { kind: 'open' } | { kind: 'complete'; plan: string | null; periodEnd: Date | null };

/**
 * The outcome of a checkout for /payment/success, read from Stripe (or the test checkout),
 * only for the user who made it. A completed session also syncs the subscription at once,
 * so the tier is right on this very page even before the webhook arrives; reloading reads
 * the same session again and changes nothing.
 */
export async function checkoutOutcome(
  sessionId: string | null,
  context: MembershipContext & { user: NonNullable<MembershipContext['user']> },
): Promise<CheckoutOutcome> {
  const id = stripeIdSchema.safeParse(sessionId);
  if (!id.success || context.mode === 'off') return { kind: 'invalid' };
  const db = await context.db();
  if (context.mode === 'test') {
    const session = await readTestSession(db, id.data, context.user.id);
    if (!session) return { kind: 'invalid' };
    if (session.status !== 'complete') return { kind: 'open' };
  } else {
    let session;
    try {
      session = await stripe().checkout.sessions.retrieve(id.data, { expand: ['subscription'] });
    } catch {
      return { kind: 'invalid' };
    }
    if (session.client_reference_id !== context.user.id) return { kind: 'invalid' };
    if (session.status !== 'complete') return { kind: 'open' };
    if (session.subscription && typeof session.subscription === 'object') {
      await syncStripeSubscription(db, session.subscription);
    }
  }
  const current = await currentSubscription(db, context.user.id);
  return { kind: 'complete', plan: current?.plan ?? null, periodEnd: current?.periodEnd ?? null };
}
