import http from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { createConfirmedUser } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

// Bounded input against the built server: bodies over their route's limit are refused
// before they are read, methods a route never takes are a 405, and no input of any size or
// shape makes the site's API answer 500. These drive the server directly (no browser page).

const { hostname, port } = new URL(baseURL);
const MB = 1024 * 1024;

interface Upload {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Announces a `total`-byte body (declared, or chunked when `declare` is false), sends only
 * its first megabyte, then waits. A server that reads the whole body before answering never
 * answers (the test times out); one that refuses it early answers while the client is still
 * holding back the other 99 MB.
 */
function upload(path: string, method: string, total: number, declare: boolean): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', origin: baseURL };
    if (declare) headers['content-length'] = total;
    const request = http.request({ hostname, port, path, method, headers }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (body += part));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.write(Buffer.alloc(MB, 0x20));
  });
}

function raw(
  path: string,
  method: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .request({ hostname, port, path, method }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (part: string) => (body += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject)
      .end();
  });
}

test('an anonymous 100 MB body is refused with 413 before it is read', async () => {
  for (const [path, method, declare] of [
    ['/api/profile', 'PATCH', true],
    ['/api/auth/sign-in', 'POST', false],
    ['/auth/v1/signup', 'POST', true],
    ['/', 'GET', true],
  ] as const) {
    const answer = await upload(path, method, 100 * MB, declare);
    expect(answer.status, `${method} ${path}`).toBe(413);
    if (path.startsWith('/api/')) {
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 'payload_too_large', message: 'The request body is too large: the limit here is 64 KB.' },
      });
    }
    if (path.startsWith('/auth/v1/')) expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
  }
  // And it keeps serving.
  expect((await raw('/api/health', 'GET')).status).toBe(200);
});

test('TRACE and methods a route does not take are a 405 that says what is allowed', async ({ request }) => {
  for (const path of ['/', '/games', '/api/search', '/auth/v1/settings']) {
    const answer = await raw(path, 'TRACE');
    expect(answer.status, `TRACE ${path}`).toBe(405);
    expect(answer.body).not.toContain('TRACE');
  }
  const page = await request.fetch('/games', {
    method: 'POST',
    headers: { origin: baseURL, 'content-type': 'application/json' },
    data: '{}',
  });
  expect(page.status()).toBe(405);
  expect(page.headers().allow).toBe('GET, HEAD');
  for (const [path, method, allow] of [
    ['/api/search?q=ha', 'DELETE', 'GET, HEAD'],
    ['/api/profile', 'GET', 'PATCH'],
    ['/api/critic-reviews/1', 'POST', 'PATCH, DELETE'],
    ['/api/health', 'OPTIONS', 'GET, HEAD'],
  ] as const) {
    const response = await request.fetch(path, {
      method,
      headers: { origin: baseURL, 'content-type': 'application/json' },
    });
    expect(response.status(), `${method} ${path}`).toBe(405);
    expect(response.headers().allow, `${method} ${path}`).toBe(allow);
    expect(await response.json()).toEqual({
      error: { code: 'method_not_allowed', message: 'This method is not allowed here.' },
    });
  }
  const head = await request.head('/api/search?q=ha');
  expect(head.status()).toBe(200);
  const unknown = await request.get('/api/no-such-endpoint');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: { code: 'not_found', message: 'Not Found' } });
});

// ---- fuzzing the site's API ---------------------------------------------------------------

const WRONG_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  2 ** 63,
  'NaN',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  'x'.repeat(20_000),
  '9'.repeat(400),
  '2026-13-45T99:99:99Z',
  '99999-01-01T00:00:00Z',
  [],
  ['a', 1],
  {},
  { $gt: '' },
];

/** Bodies for a route whose JSON has `fields` (dotted for nested objects). */
function bodiesFor(fields: readonly string[]): string[] {
  const bodies = [
    '',
    ' ',
    'null',
    'true',
    '0',
    '[]',
    '"text"',
    '{',
    '{"a":',
    '}{',
    '\u0000',
    'a=1&b=2',
    '<xml/>',
    `[${'['.repeat(5000)}${']'.repeat(5000)}]`,
    `{"x":"${'y'.repeat(60_000)}"}`,
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ];
  for (const field of fields) {
    for (const value of WRONG_VALUES) {
      const body: Record<string, unknown> = {};
      const [head, tail] = field.split('.') as [string, string | undefined];
      body[head] = tail ? { [tail]: value } : value;
      bodies.push(JSON.stringify(body));
    }
  }
  return bodies;
}

const WRITE_ROUTES: ReadonlyArray<readonly [method: string, path: string, fields: readonly string[]]> = [
  ['POST', '/api/auth/sign-in', ['identifier', 'password']],
  [
    'POST',
    '/api/auth/create-profile',
    ['user', 'user.id', 'user.email', 'profile', 'profile.username', 'profile.full_name', 'profile.email'],
  ],
  ['PATCH', '/api/profile', ['full_name', 'bio', 'avatar_url']],
  [
    'POST',
    '/api/critic-reviews',
    [
      'game',
      'outlet',
      'kind',
      'rawScore',
      'recommended',
      'verdict',
      'excerpt',
      'url',
      'platform',
      'authorId',
      'publishedAt',
    ],
  ],
  ['PATCH', '/api/critic-reviews/1', ['rawScore', 'recommended', 'verdict', 'excerpt', 'url', 'publishedAt']],
  ['DELETE', '/api/account', ['confirm']],
];

const QUERY_VALUES = [
  '',
  '%00',
  'a%00b',
  '%C0%AE',
  '%EF%BF%BF',
  'x'.repeat(6000),
  '%F0%9F%8E%AE'.repeat(300),
  "'%20or%201%3D1--",
  '%5C',
  '*',
  '[]',
  'a&q=b&q=c',
];
const READ_ROUTES = [
  '/api/search?q=',
  '/api/auth/check-username?username=',
  '/api/auth/me?x=',
  '/api/health?x=',
  '/api/critic-reviews/',
];

async function expectNo500(
  request: APIRequestContext,
  method: string,
  path: string,
  body: string | undefined,
  contentType: string,
): Promise<void> {
  const response = await request.fetch(path, {
    method,
    headers: { origin: baseURL, 'content-type': contentType },
    ...(body === undefined ? {} : { data: body }),
    maxRedirects: 0,
  });
  const status = response.status();
  expect(status, `${method} ${path} ${contentType} ${body?.slice(0, 80)}`).toBeLessThan(500);
  // An API error is always the API's JSON shape.
  if (status >= 400 && status !== 413)
    expect((await response.json()) as object, `${method} ${path}`).toHaveProperty('error.code');
}

async function fuzzWrites(request: APIRequestContext): Promise<number> {
  let sent = 0;
  for (const [method, path, fields] of WRITE_ROUTES) {
    for (const body of bodiesFor(fields)) {
      await expectNo500(request, method, path, body, 'application/json');
      sent += 1;
    }
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
    ]) {
      await expectNo500(request, method, path, '{"full_name":"A","identifier":"a","password":"b"}', contentType);
      sent += 1;
    }
  }
  return sent;
}

test('no body of any shape makes the API answer 500, signed out or in', async ({ request, playwright }) => {
  test.setTimeout(120_000);
  const anonymous = await fuzzWrites(request);
  expect(anonymous).toBeGreaterThan(600);

  // Signed in as a throwaway account (so a lucky body could only ever touch that one).
  const user = await createConfirmedUser(request);
  const signedIn = await playwright.request.newContext({ baseURL });
  try {
    const signIn = await signedIn.post('/api/auth/sign-in', {
      data: { identifier: user.username, password: user.password },
    });
    expect(signIn.status()).toBe(200);
    await fuzzWrites(signedIn);
    // The account is still there: nothing above was taken as a confirmed deletion.
    expect(((await (await signedIn.get('/api/auth/me')).json()) as { user: unknown }).user).not.toBeNull();
  } finally {
    await signedIn.dispose();
  }
});

test('no query string makes the API answer 500', async ({ request }) => {
  for (const route of READ_ROUTES) {
    for (const value of QUERY_VALUES) {
      const response = await request.get(`${route}${value}`);
      expect(response.status(), `${route}${value.slice(0, 60)}`).toBeLessThan(500);
    }
  }
});

test('a path that is not valid percent-encoding is a 400, on pages and on the API', async ({ request }) => {
  for (const path of ['/games/%E0%A4%A', '/%', '/lists/%C0']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toBe('Bad request.\n');
  }
  const api = await request.get('/api/search%ZZ?q=zelda');
  expect(api.status()).toBe(400);
  expect(await api.json()).toEqual({ error: { code: 'bad_request', message: 'Bad request.' } });
  // Encoded characters that decode are still pages.
  expect((await request.get('/games/%7a%65lda-not-a-game')).status()).toBe(404);
});
