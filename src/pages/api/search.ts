import type { APIRoute } from 'astro';
import { handleSearch } from '../../../functions/search.ts';
import { getDb } from '../../lib/db/db.server.ts';

export const GET: APIRoute = async ({ request }) => handleSearch(request, await getDb());
