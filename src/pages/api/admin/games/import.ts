import { handleGameImport } from '../../../../../functions/admin/game-import.ts';
import { apiRoute } from '../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleGameImport(api.request, api));

export const ALL = otherMethods({ POST });
