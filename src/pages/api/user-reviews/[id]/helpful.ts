import type { APIRoute } from 'astro';
import { handleHelpfulVote } from '../../../../../functions/user-reviews.ts';
import { getDb } from '../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../lib/http/purge.server.ts';

export const PUT: APIRoute = async (context) =>
  handleHelpfulVote(context.params.id ?? '', true, {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
  });

export const DELETE: APIRoute = async (context) =>
  handleHelpfulVote(context.params.id ?? '', false, {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
  });

export const ALL = otherMethods({ PUT, DELETE });
