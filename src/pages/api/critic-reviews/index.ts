import type { APIRoute } from 'astro';
import { handleCreateCriticReview } from '../../../../functions/critic-reviews.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { purgerFor } from '../../../lib/http/purge.server.ts';
import { sessionUser } from '../../../lib/http/session-user.ts';

export const POST: APIRoute = async (context) =>
  handleCreateCriticReview(context.request, { db: await getDb(), user: sessionUser(context.locals), purge: purgerFor(context) });
