import { handleGameLookup } from '../../../../functions/library/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET = apiRoute((api) => handleGameLookup(api.request, api));

export const ALL = otherMethods({ GET });
