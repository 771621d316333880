import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { baseURL } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

// Bad bytes are a 400, never a 500: a NUL character (which PostgreSQL text cannot hold) or
// bytes that are not UTF-8, in the query string or the body of every route of the site's
// API (found from the route files themselves, so a new route is covered the day it is
// added) and of the auth service. They are refused once, before any route runs.

const API_DIR = path.resolve(import.meta.dirname, '../../src/pages/api');
const METHOD_EXPORT = /^export const (GET|POST|PUT|PATCH|DELETE)\b/gm;

/** Every /api route as a URL (dynamic segments filled with a plausible value) and the methods it exports. */
function apiRoutes(): { url: string; methods: string[] }[] {
  const routes: { url: string; methods: string[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts')) {
        const methods = [...readFileSync(file, 'utf8').matchAll(METHOD_EXPORT)].map((match) => match[1]!);
        const segments = path
          .relative(API_DIR, file)
          .replace(/\.ts$/, '')
          .split(path.sep)
          .filter((segment) => segment !== 'index')
          .map((segment) => segment.replace(/\[\.\.\.[^\]]+\]/, 'x/y').replace(/\[[^\]]+\]/g, '1'));
        routes.push({ url: `/api/${segments.join('/')}`, methods });
      }
    }
  };
  walk(API_DIR);
  return routes;
}

const AUTH_ROUTES: [method: string, url: string][] = [
  ['POST', '/auth/v1/signup'],
  ['POST', '/auth/v1/token?grant_type=password'],
  ['POST', '/auth/v1/token?grant_type=refresh_token'],
  ['POST', '/auth/v1/token?grant_type=pkce'],
  ['POST', '/auth/v1/token?grant_type=id_token'],
  ['GET', '/auth/v1/user'],
  ['PUT', '/auth/v1/user'],
  ['POST', '/auth/v1/logout'],
  ['POST', '/auth/v1/recover'],
  ['GET', '/auth/v1/verify'],
  ['POST', '/auth/v1/verify'],
  ['GET', '/auth/v1/settings'],
  ['GET', '/auth/v1/.well-known/jwks.json'],
  ['POST', '/auth/v1/factors'],
];

/** Answered by the node server before the site, reading nothing but the path: no text to refuse. */
const READS_NO_TEXT = new Set(['GET /api/health']);

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;
const BAD_QUERIES = ['q=a%00b', 'q=%FF', 'redirect_to=%C0%AE'];
const BAD_BODIES: Buffer[] = [
  Buffer.from(
    '{"email":"a\\u0000@example.com","password":"x\\u0000","name":"\\u0000","refresh_token":"\\u0000","data":{"full_name":"\\u0000"}}',
  ),
  Buffer.from('{"name":"a\u0000b"}'),
  Buffer.concat([
    Buffer.from('{"email":"'),
    Buffer.from([0xc0, 0xaf, 0xff]),
    Buffer.from('@example.com","password":"x"}'),
  ]),
];

test('NUL and bytes that are not UTF-8 are a 400 on every API and auth route, in its error shape', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThan(50);
  const calls: { method: string; url: string; body?: Buffer }[] = [];
  for (const { url, methods } of routes) {
    for (const method of methods) {
      for (const query of BAD_QUERIES) calls.push({ method, url: withQuery(url, query) });
      if (method !== 'GET') for (const body of BAD_BODIES) calls.push({ method, url, body });
    }
  }
  for (const [method, url] of AUTH_ROUTES) {
    for (const query of BAD_QUERIES) calls.push({ method, url: withQuery(url, query) });
    if (method !== 'GET') for (const body of BAD_BODIES) calls.push({ method, url, body });
  }

  const wrong: string[] = [];
  for (const { method, url, body } of calls) {
    const response = await request.fetch(url, {
      method,
      headers: { origin: baseURL, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      ...(body ? { data: body } : {}),
      maxRedirects: 0,
    });
    const text = await response.text();
    const label = `${method} ${url} ${body?.toString('latin1').slice(0, 40) ?? ''}: ${response.status()} ${text.slice(0, 120)}`;
    if (READS_NO_TEXT.has(`${method} ${url.split('?')[0]}`)) {
      if (response.status() >= 500) wrong.push(label);
      continue;
    }
    // The auth service's error shape is { code, message }, the API's { error: { code, message } }.
    const answer = JSON.parse(text) as { code?: unknown; error?: { code?: unknown } };
    const code = url.startsWith('/auth/') ? answer.code : answer.error?.code;
    if (response.status() !== 400 || typeof code !== 'string') wrong.push(label);
    // NUL is refused by the site itself (escapes that are not UTF-8 already by the node server's bad_request).
    else if (
      // eslint-disable-next-line no-control-regex -- NUL, escaped or raw, is what it looks for
      /%00|\\u0000|\u0000/.test(`${url}${body?.toString('latin1') ?? ''}`) &&
      !['invalid_input', 'validation_failed'].includes(code)
    )
      wrong.push(label);
  }
  expect(wrong).toEqual([]);
  expect(calls.length).toBeGreaterThan(400);
});

test('the same text without the bad bytes goes through to the route', async ({ request }) => {
  const search = await request.get('/api/search?q=half%20life%20%F0%9F%8E%AE');
  expect(search.status()).toBe(200);
  const signIn = await request.post('/auth/v1/token?grant_type=password', {
    headers: { 'x-supabase-api-version': '2024-01-01' },
    data: { email: 'nobody-at-all@example.com', password: 'wrong-password \\u0000 as text' },
  });
  expect(await signIn.json()).toMatchObject({ code: 'invalid_credentials' });
});
