import { handleImportPreview } from '../../../../../functions/library/handlers.ts';
import { apiRoute } from '../../../../../functions/api-context.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';

export const POST = apiRoute((api) => handleImportPreview(api.request, api));

export const ALL = otherMethods({ POST });
