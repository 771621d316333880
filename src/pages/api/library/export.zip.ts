import type { APIRoute } from 'astro';
import { handleExport } from '../../../../functions/lists/handlers.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { purgerFor } from '../../../lib/http/purge.server.ts';

export const GET: APIRoute = (context) =>
  handleExport(context.request, { user: context.locals.user, db: getDb, purge: purgerFor(context) }, 'zip');

export const ALL = otherMethods({ GET });
