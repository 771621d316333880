import { handleDeleteCriticReview, handleUpdateCriticReview } from '../../../../functions/critic-reviews/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const PATCH = apiRoute((api) => handleUpdateCriticReview(api.request, api.params.id ?? '', api));
export const DELETE = apiRoute((api) => handleDeleteCriticReview(api.params.id ?? '', api));

export const ALL = otherMethods({ PATCH, DELETE });
