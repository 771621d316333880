import type { APIRoute } from 'astro';
import { handleHealth } from '../../../functions/health.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const GET: APIRoute = () => handleHealth();

export const ALL = otherMethods({ GET });
