/**
 * The site API's one response shape: data as JSON, errors as { error: { code, message } }.
 * Handlers in functions/ answer through these (re-exported by functions/http.ts), and so do
 * the middleware and the node server when they answer for a route (413, 405, 503), so
 * islands and API clients read one format.
 */

export interface ApiErrorBody {
  error: { code: string; message: string };
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(data: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(data), { ...init, headers: { ...JSON_HEADERS, ...init.headers } });
}

export function apiError(status: number, code: string, message: string, init: ResponseInit = {}): Response {
  const body: ApiErrorBody = { error: { code, message } };
  return json(body, { ...init, status });
}
