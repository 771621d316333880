import { handleCompleteTestCheckout } from '../../../../functions/membership/handlers.ts';
import { membershipContext } from '../../../../functions/membership/context.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleCompleteTestCheckout(api.request, membershipContext(api.user)));

export const ALL = otherMethods({ POST });
