import type { APIRoute } from 'astro';
import { handleDeleteCriticReview, handleUpdateCriticReview } from '../../../../functions/critic-reviews.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { purgerFor } from '../../../lib/http/purge.server.ts';
import { sessionUser } from '../../../lib/http/session-user.ts';

export const PATCH: APIRoute = async (context) =>
  handleUpdateCriticReview(context.request, context.params.id ?? '', {
    db: await getDb(),
    user: sessionUser(context.locals),
    purge: purgerFor(context),
  });

export const DELETE: APIRoute = async (context) =>
  handleDeleteCriticReview(context.params.id ?? '', { db: await getDb(), user: sessionUser(context.locals), purge: purgerFor(context) });
