import { handlePreferences } from '../../../../functions/community/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET = apiRoute((api) => handlePreferences(api.request, api));
export const PUT = GET;

export const ALL = otherMethods({ GET, PUT });
