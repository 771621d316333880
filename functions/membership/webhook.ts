import Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/lib/db/schema.ts';
import { applyBillingEvent, type ApplyDeps, type BillingEvent } from '../../src/lib/membership/membership.server.ts';
import { apiError, json } from '../http.ts';

export interface WebhookContext {
  db: () => Promise<Kysely<Database>>;
  /** The signing secret the signature must match (STRIPE_WEBHOOK_SECRET, or the test checkout's own). */
  secret: string | undefined;
  deps: ApplyDeps;
}

/** Stripe's events are a few KB; anything this large is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * POST /api/stripe/webhook. The signature is checked on the raw body, exactly as
 * received, before anything is parsed; a wrong or missing one answers 400 and logs only
 * that it failed. Each event id applies once; errors answer 500 so that Stripe retries.
 */
export async function handleStripeWebhook(request: Request, context: WebhookContext): Promise<Response> {
  if (!context.secret) return apiError(503, 'payments_not_configured', 'Payments are not configured on this site.');
  const signature = request.headers.get('stripe-signature');
  if (!signature) return apiError(400, 'signature_missing', 'The Stripe-Signature header is missing.');
  const body = await request.text();
  if (body.length > MAX_EVENT_BYTES) return apiError(413, 'payload_too_large', 'This event is too large.');
  let event: BillingEvent;
  try {
    event = (await Stripe.webhooks.constructEventAsync(body, signature, context.secret)) as unknown as BillingEvent;
  } catch {
    console.warn('stripe webhook: signature verification failed');
    return apiError(400, 'signature_invalid', 'The webhook signature does not match.');
  }
  if (
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.created !== 'number' ||
    typeof event.data?.object !== 'object'
  ) {
    return apiError(400, 'event_invalid', 'This is not a Stripe event.');
  }
  const outcome = await applyBillingEvent(await context.db(), event, context.deps);
  return json({ received: true, outcome });
}
