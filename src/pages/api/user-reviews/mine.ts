import { handleMyReviewState } from '../../../../functions/user-reviews/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET = apiRoute((api) => handleMyReviewState(api.request, api));

export const ALL = otherMethods({ GET });
