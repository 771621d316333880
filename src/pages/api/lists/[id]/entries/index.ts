import { handleAddEntry } from '../../../../../../functions/lists/handlers.ts';
import { apiRoute } from '../../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleAddEntry(api.request, api, api.params.id));

export const ALL = otherMethods({ POST });
