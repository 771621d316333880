import { handleCreateList } from '../../../../functions/lists/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleCreateList(api.request, api));

export const ALL = otherMethods({ POST });
