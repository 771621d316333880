import { handleCreateCriticReview } from '../../../../functions/critic-reviews/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleCreateCriticReview(api.request, api));

export const ALL = otherMethods({ POST });
