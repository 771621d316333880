import type { APIRoute } from 'astro';
import { handleClientError } from '../../../functions/errors.ts';
import { getDb } from '../../lib/db/db.server.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const POST: APIRoute = ({ request }) => handleClientError(request, { db: getDb });

export const ALL = otherMethods({ POST });
