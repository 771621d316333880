import type { APIRoute } from 'astro';
import { handleHealth } from '../../../functions/health.ts';

export const GET: APIRoute = () => handleHealth();
