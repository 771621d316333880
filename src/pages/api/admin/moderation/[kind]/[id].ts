import { handleModerate } from '../../../../../../functions/moderation/handlers.ts';
import { apiRoute } from '../../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleModerate(api.request, api.params, api));

export const ALL = otherMethods({ POST });
