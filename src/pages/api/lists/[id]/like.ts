import type { APIRoute } from 'astro';
import { handleLike } from '../../../../../functions/lists/handlers.ts';
import { getDb } from '../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../lib/http/purge.server.ts';

export const POST: APIRoute = (context) =>
  handleLike(context.request, { user: context.locals.user, db: getDb, purge: purgerFor(context) }, context.params.id);
export const DELETE = POST;
export const GET = POST;

export const ALL = otherMethods({ GET, POST, DELETE });
