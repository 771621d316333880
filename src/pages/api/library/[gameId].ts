import { handleGetPlayState, handleSetPlayState } from '../../../../functions/library/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET = apiRoute((api) => handleGetPlayState(api.request, api, api.params.gameId));
export const PUT = apiRoute((api) => handleSetPlayState(api.request, api, api.params.gameId));

export const ALL = otherMethods({ GET, PUT });
