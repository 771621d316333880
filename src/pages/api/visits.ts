import { handleVisit } from '../../../functions/community/handlers.ts';
import { apiRoute } from '../../../functions/api-context.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleVisit(api.request, api));

export const ALL = otherMethods({ POST });
