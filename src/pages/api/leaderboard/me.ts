import type { APIRoute } from 'astro';
import { handleOwnRank } from '../../../../functions/community/handlers.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET: APIRoute = async ({ request, locals }) =>
  handleOwnRank(request, { user: locals.user, db: await getDb() });

export const ALL = otherMethods({ GET });
