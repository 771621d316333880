import { handleRequestCoverage } from '../../../../functions/admin/coverage.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleRequestCoverage(api.request, api));

export const ALL = otherMethods({ POST });
