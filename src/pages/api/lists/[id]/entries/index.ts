import type { APIRoute } from 'astro';
import { handleAddEntry } from '../../../../../../functions/lists/handlers.ts';
import { getDb } from '../../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../../lib/http/purge.server.ts';

export const POST: APIRoute = (context) =>
  handleAddEntry(
    context.request,
    { user: context.locals.user, db: getDb, purge: purgerFor(context) },
    context.params.id,
  );

export const ALL = otherMethods({ POST });
