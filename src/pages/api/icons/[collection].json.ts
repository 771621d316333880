import { handleIcons } from '../../../../functions/icons/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET = apiRoute((api) => handleIcons(api.request, api.params.collection ?? ''));

export const ALL = otherMethods({ GET });
