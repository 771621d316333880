import type { APIRoute } from 'astro';
import { handleSearch } from '../../../functions/search.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const GET: APIRoute = async ({ request }) => handleSearch(request, await getDb());

export const ALL = otherMethods({ GET });
