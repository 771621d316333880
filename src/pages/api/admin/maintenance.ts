import { handleMaintenance } from '../../../../functions/admin/database.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleMaintenance(api.request, api));

export const ALL = otherMethods({ POST });
