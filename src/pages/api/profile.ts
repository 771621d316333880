import { handleUpdateProfile } from '../../../functions/account/handlers.ts';
import { apiRoute } from '../../../functions/api-context.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const PATCH = apiRoute((api) => handleUpdateProfile(api.request, api));

export const ALL = otherMethods({ PATCH });
