import type { APIRoute } from 'astro';
import { handleUpdateRequest } from '../../../../../functions/game-requests.ts';
import { getDb } from '../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../lib/http/purge.server.ts';

export const PUT: APIRoute = async (context) =>
  handleUpdateRequest(context.request, context.params.id, {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
  });

export const ALL = otherMethods({ PUT });
