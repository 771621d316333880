import type { APIRoute } from 'astro';
import { handleImportPreview } from '../../../../../functions/lists/handlers.ts';
import { getDb } from '../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../lib/http/purge.server.ts';

export const POST: APIRoute = (context) =>
  handleImportPreview(context.request, { user: context.locals.user, db: getDb, purge: purgerFor(context) });

export const ALL = otherMethods({ POST });
