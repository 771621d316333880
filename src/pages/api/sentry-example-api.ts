import type { APIRoute } from 'astro';
import { handleExampleServerError } from '../../../functions/errors.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const GET: APIRoute = () => handleExampleServerError();

export const ALL = otherMethods({ GET });
