import type { APIRoute } from 'astro';
import { handleDeleteUserReview, handleUpdateUserReview } from '../../../../../functions/user-reviews.ts';
import { getDb } from '../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../lib/http/purge.server.ts';

export const PATCH: APIRoute = async (context) =>
  handleUpdateUserReview(context.request, context.params.id ?? '', {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
  });

export const DELETE: APIRoute = async (context) =>
  handleDeleteUserReview(context.params.id ?? '', {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
  });

export const ALL = otherMethods({ PATCH, DELETE });
