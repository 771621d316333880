import { handleFriendsFeed } from '../../../../functions/dashboard/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET = apiRoute((api) => handleFriendsFeed(api.request, api));

export const ALL = otherMethods({ GET });
