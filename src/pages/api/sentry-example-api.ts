import { handleExampleServerError } from '../../../functions/errors/handlers.ts';
import { apiRoute } from '../../../functions/api-context.ts';
import { otherMethods } from '../../lib/http/api-route.ts';

export const GET = apiRoute(() => handleExampleServerError());

export const ALL = otherMethods({ GET });
