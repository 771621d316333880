import type { APIRoute } from 'astro';
import { yearImageResponse } from '../../../lib/profiles/year-page.server.ts';

/** The shareable picture of a player's year (a 404 wherever the year page is one). */
export const GET: APIRoute = ({ params, url, locals }) => yearImageResponse(params, url, locals.user?.id ?? null);
