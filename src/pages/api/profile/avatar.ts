import type { APIRoute } from 'astro';
import { handleAvatarUpload } from '../../../../functions/profile-extras.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST: APIRoute = async ({ request, locals }) =>
  handleAvatarUpload(request, { db: await getDb(), user: locals.user, supabase: locals.getSupabase });

export const ALL = otherMethods({ POST });
