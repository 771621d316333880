// The API's response helpers are defined once, in src/lib/http/json.ts: the middleware and
// the node server answer in the same shape when they answer for a route (413, 405, 503).
export { apiError, json, type ApiErrorBody } from '../src/lib/http/json.ts';

/** A request's body as JSON, or undefined when it is none: the handler's schema then refuses it. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}
