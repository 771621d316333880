import type { APIRoute } from 'astro';
import { handleModerate } from '../../../../../../functions/moderation.ts';
import { getDb } from '../../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../../lib/http/purge.server.ts';

export const POST: APIRoute = async (context) =>
  handleModerate(context.request, context.params, {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
  });

export const ALL = otherMethods({ POST });
