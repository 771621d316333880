import { handleDeleteAccount } from '../../../functions/account/handlers.ts';
import { accountDeletion } from '../../../functions/account/context.ts';
import { apiRoute } from '../../../functions/api-context.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const DELETE = apiRoute((api) => handleDeleteAccount(api.request, accountDeletion(api)));

export const ALL = otherMethods({ DELETE });
