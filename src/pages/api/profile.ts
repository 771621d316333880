import type { APIRoute } from 'astro';
import { handleUpdateProfile } from '../../../functions/account/handlers.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const PATCH: APIRoute = ({ request, locals }) => handleUpdateProfile(request, { user: locals.user, db: getDb });

export const ALL = otherMethods({ PATCH });
