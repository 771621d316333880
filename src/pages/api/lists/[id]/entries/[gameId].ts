import type { APIRoute } from 'astro';
import { handleEntry } from '../../../../../../functions/lists/handlers.ts';
import { getDb } from '../../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../../lib/http/purge.server.ts';

export const PATCH: APIRoute = (context) =>
  handleEntry(
    context.request,
    { user: context.locals.user, db: getDb, purge: purgerFor(context) },
    context.params.id,
    context.params.gameId,
  );
export const DELETE = PATCH;

export const ALL = otherMethods({ PATCH, DELETE });
