import type { APIRoute } from 'astro';
import { handleSimilar } from '../../../../functions/game-requests.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { purgerFor } from '../../../lib/http/purge.server.ts';

export const GET: APIRoute = async (context) =>
  handleSimilar(context.request, { db: await getDb(), user: context.locals.user, purge: purgerFor(context) });

export const ALL = otherMethods({ GET });
