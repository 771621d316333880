import { handleResolveIgdbReview } from '../../../../../../functions/admin/igdb.ts';
import { apiRoute } from '../../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleResolveIgdbReview(api.request, api.params.id, api));

export const ALL = otherMethods({ POST });
