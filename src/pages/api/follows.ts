import { handleFollowState, handleSetFollow } from '../../../functions/community/handlers.ts';
import { apiRoute } from '../../../functions/api-context.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const GET = apiRoute((api) => handleFollowState(api.request, api));
export const POST = apiRoute((api) => handleSetFollow(api.request, api));
export const DELETE = POST;

export const ALL = otherMethods({ GET, POST, DELETE });
