import { handleDeleteList, handleUpdateList } from '../../../../../functions/lists/handlers.ts';
import { apiRoute } from '../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';

export const PATCH = apiRoute((api) => handleUpdateList(api.request, api, api.params.id));
export const DELETE = apiRoute((api) => handleDeleteList(api.request, api, api.params.id));

export const ALL = otherMethods({ PATCH, DELETE });
