import type { APIRoute } from 'astro';
import { handlePreferences } from '../../../../functions/community/handlers.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET: APIRoute = async ({ request, locals }) =>
  handlePreferences(request, { user: locals.user, db: await getDb() });
export const PUT = GET;

export const ALL = otherMethods({ GET, PUT });
