import { handleCreateGame } from '../../../../../functions/admin/games.ts';
import { apiRoute } from '../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleCreateGame(api.request, api));

export const ALL = otherMethods({ POST });
