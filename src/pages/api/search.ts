import { handleSearch } from '../../../functions/search/handlers.ts';
import { apiRoute } from '../../../functions/api-context.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const GET = apiRoute(async (api) => handleSearch(api.request, await api.db()));

export const ALL = otherMethods({ GET });
