import { handleDeleteGame, handleUpdateGame } from '../../../../../../functions/admin/games.ts';
import { apiRoute } from '../../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../../lib/http/api-route.ts';

export const PUT = apiRoute((api) => handleUpdateGame(api.request, api.params.id, api));
export const DELETE = apiRoute((api) => handleDeleteGame(api.params.id, api));

export const ALL = otherMethods({ PUT, DELETE });
