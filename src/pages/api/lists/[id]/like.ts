import { handleLike } from '../../../../../functions/lists/handlers.ts';
import { apiRoute } from '../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleLike(api.request, api, api.params.id));
export const DELETE = POST;
export const GET = POST;

export const ALL = otherMethods({ GET, POST, DELETE });
