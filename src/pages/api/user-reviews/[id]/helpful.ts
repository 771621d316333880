import { handleHelpfulVote } from '../../../../../functions/user-reviews/handlers.ts';
import { apiRoute } from '../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';

export const PUT = apiRoute((api) => handleHelpfulVote(api.params.id ?? '', true, api));
export const DELETE = apiRoute((api) => handleHelpfulVote(api.params.id ?? '', false, api));

export const ALL = otherMethods({ PUT, DELETE });
