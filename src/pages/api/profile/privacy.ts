import { handleSetPrivacy } from '../../../../functions/account/profile-extras.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const PUT = apiRoute((api) => handleSetPrivacy(api.request, api));

export const ALL = otherMethods({ PUT });
