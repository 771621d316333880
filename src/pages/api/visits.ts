import type { APIRoute } from 'astro';
import { handleVisit } from '../../../functions/community/handlers.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const POST: APIRoute = async ({ request, locals }) =>
  handleVisit(request, { user: locals.user, db: await getDb() });

export const ALL = otherMethods({ POST });
