import type { APIRoute } from 'astro';
import { handleDeleteList, handleUpdateList } from '../../../../../functions/lists/handlers.ts';
import { getDb } from '../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../lib/http/purge.server.ts';

const ctx = (context: Parameters<APIRoute>[0]) => ({ user: context.locals.user, db: getDb, purge: purgerFor(context) });

export const PATCH: APIRoute = (context) => handleUpdateList(context.request, ctx(context), context.params.id);
export const DELETE: APIRoute = (context) => handleDeleteList(context.request, ctx(context), context.params.id);

export const ALL = otherMethods({ PATCH, DELETE });
