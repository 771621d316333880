import { handleStripeWebhook } from '../../../../functions/membership/webhook.ts';
import { stripeWebhookContext } from '../../../../functions/membership/context.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

// Only Stripe's own events reach this route: without STRIPE_WEBHOOK_SECRET it answers 503
// (the test checkout hands its events to the handler in-process, never over HTTP).
export const POST = apiRoute((api) => handleStripeWebhook(api.request, stripeWebhookContext()));

export const ALL = otherMethods({ POST });
