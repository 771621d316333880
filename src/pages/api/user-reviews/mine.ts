import type { APIRoute } from 'astro';
import { handleMyReviewState } from '../../../../functions/user-reviews.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET: APIRoute = async (context) =>
  handleMyReviewState(context.request, { db: await getDb(), user: context.locals.user });

export const ALL = otherMethods({ GET });
