import type { APIRoute } from 'astro';
import { handleGetPlayState, handleSetPlayState } from '../../../../functions/lists/handlers.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { purgerFor } from '../../../lib/http/purge.server.ts';

const ctx = (context: Parameters<APIRoute>[0]) => ({ user: context.locals.user, db: getDb, purge: purgerFor(context) });

export const GET: APIRoute = (context) => handleGetPlayState(context.request, ctx(context), context.params.gameId);
export const PUT: APIRoute = (context) => handleSetPlayState(context.request, ctx(context), context.params.gameId);

export const ALL = otherMethods({ GET, PUT });
