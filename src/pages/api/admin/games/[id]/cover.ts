import type { APIRoute } from 'astro';
import { handleUploadCover } from '../../../../../../functions/admin/games.ts';
import { getDb } from '../../../../../lib/db/db.server.ts';
import { otherMethods } from '../../../../../lib/http/api-route.ts';
import { purgerFor } from '../../../../../lib/http/purge.server.ts';

export const POST: APIRoute = async (context) =>
  handleUploadCover(context.request, context.params.id, {
    db: await getDb(),
    user: context.locals.user,
    purge: purgerFor(context),
    supabase: context.locals.getSupabase,
  });

export const ALL = otherMethods({ POST });
