import type { APIRoute } from 'astro';
import { handleCreateCriticReview } from '../../../../functions/critic-reviews.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { purgerFor } from '../../../lib/http/purge.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST: APIRoute = async (context) =>
  handleCreateCriticReview(context.request, {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
  });

export const ALL = otherMethods({ POST });
