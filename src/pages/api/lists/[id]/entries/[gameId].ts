import { handleEntry } from '../../../../../../functions/lists/handlers.ts';
import { apiRoute } from '../../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../../lib/http/api-route.ts';

export const PATCH = apiRoute((api) => handleEntry(api.request, api, api.params.id, api.params.gameId));
export const DELETE = PATCH;

export const ALL = otherMethods({ PATCH, DELETE });
