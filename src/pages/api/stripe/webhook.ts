import type { APIRoute } from 'astro';
import { handleStripeWebhook } from '../../../../functions/membership/webhook.ts';
import { getEnv } from '../../../lib/config/env.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { billingDeps } from '../../../lib/membership/billing.server.ts';

// Only Stripe's own events reach this route: without STRIPE_WEBHOOK_SECRET it answers 503
// (the test checkout hands its events to the handler in-process, never over HTTP).
export const POST: APIRoute = ({ request }) =>
  handleStripeWebhook(request, { db: getDb, secret: getEnv().STRIPE_WEBHOOK_SECRET, deps: billingDeps() });

export const ALL = otherMethods({ POST });
