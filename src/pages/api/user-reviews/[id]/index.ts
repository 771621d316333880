import { handleDeleteUserReview, handleUpdateUserReview } from '../../../../../functions/user-reviews/handlers.ts';
import { apiRoute } from '../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';

export const PATCH = apiRoute((api) => handleUpdateUserReview(api.request, api.params.id ?? '', api));
export const DELETE = apiRoute((api) => handleDeleteUserReview(api.params.id ?? '', api));

export const ALL = otherMethods({ PATCH, DELETE });
