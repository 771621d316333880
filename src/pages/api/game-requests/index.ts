import type { APIRoute } from 'astro';
import { handleCreateRequest } from '../../../../functions/game-requests.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { purgerFor } from '../../../lib/http/purge.server.ts';

export const POST: APIRoute = async (context) =>
  handleCreateRequest(context.request, { db: await getDb(), user: context.locals.user, purge: purgerFor(context) });

export const ALL = otherMethods({ POST });
