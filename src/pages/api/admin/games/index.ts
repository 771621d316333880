import type { APIRoute } from 'astro';
import { handleCreateGame } from '../../../../../functions/admin/games.ts';
import { getDb } from '../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../lib/http/purge.server.ts';

export const POST: APIRoute = async (context) =>
  handleCreateGame(context.request, { db: await getDb(), user: context.locals.user, purge: purgerFor(context) });

export const ALL = otherMethods({ POST });
