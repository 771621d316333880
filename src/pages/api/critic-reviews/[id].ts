import type { APIRoute } from 'astro';
import { handleDeleteCriticReview, handleUpdateCriticReview } from '../../../../functions/critic-reviews.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { purgerFor } from '../../../lib/http/purge.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const PATCH: APIRoute = async (context) =>
  handleUpdateCriticReview(context.request, context.params.id ?? '', {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
  });

export const DELETE: APIRoute = async (context) =>
  handleDeleteCriticReview(context.params.id ?? '', {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
  });

export const ALL = otherMethods({ PATCH, DELETE });
