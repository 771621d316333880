import type { APIRoute } from 'astro';
import { handleCompleteTestCheckout } from '../../../../functions/membership/handlers.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { membershipContext } from '../../../../functions/membership/context.ts';

export const POST: APIRoute = ({ request, locals }) =>
  handleCompleteTestCheckout(request, membershipContext(locals.user));

export const ALL = otherMethods({ POST });
