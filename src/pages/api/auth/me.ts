import { handleMe } from '../../../../functions/account/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET = apiRoute((api) => handleMe(api.request, api));

export const ALL = otherMethods({ GET });
