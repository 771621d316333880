import type { APIRoute } from 'astro';
import { handleFollowState, handleSetFollow } from '../../../functions/community/handlers.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const GET: APIRoute = async ({ request, locals }) =>
  handleFollowState(request, { user: locals.user, db: await getDb() });
export const POST: APIRoute = async ({ request, locals }) =>
  handleSetFollow(request, { user: locals.user, db: await getDb() });
export const DELETE = POST;

export const ALL = otherMethods({ GET, POST, DELETE });
