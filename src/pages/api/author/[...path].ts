import { handleAuthor } from '../../../../functions/outlets/handlers.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

const handle = apiRoute((api) => handleAuthor(api.request, api.params.path ?? '', api));

export const POST = handle;
export const PUT = handle;
export const ALL = otherMethods({ POST, PUT });
