// The API's response helpers are defined once, in src/lib/http/json.ts: the middleware and
// the node server answer in the same shape when they answer for a route (413, 405, 503).
export { apiError, json, type ApiErrorBody } from '../src/lib/http/json.ts';
