import { handleHealth } from '../../../functions/health/handlers.ts';
import { apiRoute } from '../../../functions/api-context.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const GET = apiRoute(() => handleHealth());

export const ALL = otherMethods({ GET });
