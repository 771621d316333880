import type { APIRoute } from 'astro';
import { handleVote } from '../../../../../functions/game-requests.ts';
import { getDb } from '../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../lib/http/purge.server.ts';

export const POST: APIRoute = async (context) =>
  handleVote(context.params.id, true, { db: await getDb(), user: context.locals.user, purge: purgerFor(context) });
export const DELETE: APIRoute = async (context) =>
  handleVote(context.params.id, false, { db: await getDb(), user: context.locals.user, purge: purgerFor(context) });

export const ALL = otherMethods({ POST, DELETE });
