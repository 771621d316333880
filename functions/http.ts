/**
 * The API's one response shape: data as JSON, errors as { error: { code, message } }.
 * Every handler in functions/ answers through these, so islands handle one format.
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
