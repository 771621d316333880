import type { APIRoute } from 'astro';
import { handleManageSubscription } from '../../../../functions/membership/handlers.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { membershipContext } from '../../../../functions/membership/context.ts';

export const POST: APIRoute = ({ request, locals }) =>
  handleManageSubscription(request, membershipContext(locals.user));

export const ALL = otherMethods({ POST });
