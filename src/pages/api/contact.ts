import { handleContact } from '../../../functions/contact/handlers.ts';
import { apiRoute } from '../../../functions/api-context.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleContact(api.request, api));

export const ALL = otherMethods({ POST });
