import type { APIRoute } from 'astro';
import { handleIcons } from '../../../../functions/icons.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

export const GET: APIRoute = ({ request, params }) => handleIcons(request, params.collection ?? '');

export const ALL = otherMethods({ GET });
