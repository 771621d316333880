import type { APIRoute } from 'astro';
import { handleSetPrivacy } from '../../../../functions/profile-extras.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';
import { purge } from '../../../lib/http/purge.server.ts';

export const PUT: APIRoute = async ({ request, locals }) =>
  handleSetPrivacy(request, { db: await getDb(), user: locals.user, purge });

export const ALL = otherMethods({ PUT });
