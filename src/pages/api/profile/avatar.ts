import { handleAvatarUpload } from '../../../../functions/account/profile-extras.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleAvatarUpload(api.request, api));

export const ALL = otherMethods({ POST });
