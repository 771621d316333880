import type { APIRoute } from 'astro';
import { handleCreateProfile } from '../../../../functions/account/handlers.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const POST: APIRoute = ({ request, locals }) => handleCreateProfile(request, { user: locals.user, db: getDb });

export const ALL = otherMethods({ POST });
