import type { APIRoute } from 'astro';
import { methodNotAllowed } from './route-errors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The `ALL` export of every API route: a method the route does not export answers 405 with
 * an Allow header (Astro alone answers an empty 404), and HEAD runs GET (Astro drops the
 * body). Astro calls ALL only for methods without their own export.
 *
 *   export const GET: APIRoute = …;
 *   export const ALL = otherMethods({ GET });
 */
export function otherMethods(handlers: Partial<Record<Method, APIRoute>>): APIRoute {
  const allowed: string[] = Object.keys(handlers);
  if (handlers.GET) allowed.push('HEAD');
  return (context) => {
    if (context.request.method === 'HEAD' && handlers.GET) return handlers.GET(context);
    return methodNotAllowed(context.url.pathname, allowed);
  };
}
