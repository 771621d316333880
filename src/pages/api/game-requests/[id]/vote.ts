import { handleVote } from '../../../../../functions/game-requests/handlers.ts';
import { apiRoute } from '../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleVote(api.params.id, true, api));
export const DELETE = apiRoute((api) => handleVote(api.params.id, false, api));

export const ALL = otherMethods({ POST, DELETE });
