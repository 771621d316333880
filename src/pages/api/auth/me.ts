import type { APIRoute } from 'astro';
import { handleMe } from '../../../../functions/account/handlers.ts';
import { getDb } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET: APIRoute = ({ request, locals }) => handleMe(request, { user: locals.user, db: getDb });

export const ALL = otherMethods({ GET });
