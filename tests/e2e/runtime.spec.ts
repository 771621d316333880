import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_CRON_SECRET, baseURL } from '../../playwright.config.ts';
import { DEMO_OWNED_OUTLET, DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { newUser, waitForEmail } from './accounts-helpers.ts';
import { expect, test, watchCspViolations } from './fixtures.ts';

// The server around the pages: the route cache's keys, the security headers of every kind
// of answer, the origin in cached pages, and the cron route.

test('cache-busting query strings are served from the one cached copy', async ({ request }) => {
  const first = await request.get('/collections?cb=0');
  expect(first.status()).toBe(200);
  const body = await first.text();
  for (let n = 1; n <= 30; n += 1) {
    const response = await request.get(`/collections?cb=${n}&utm_source=e2e-${n}`);
    expect(response.headers()['x-astro-cache'], `?cb=${n}`).toBe('HIT');
    expect(await response.text()).toBe(body);
  }
  // Parameters the page reads are kept apart, in one canonical form.
  const paged = await request.get('/games?page=2&cb=1');
  expect(await (await request.get('/games?cb=2&page=%202')).text()).toBe(await paged.text());
  expect(await paged.text()).not.toBe(await (await request.get('/games')).text());
});

test('a forged Host never reaches a cached page, a feed or robots.txt', async ({ request }) => {
  const forgeries: Record<string, string>[] = [
    { host: 'evil.example' },
    { 'x-forwarded-host': 'evil.example' },
    { forwarded: 'host=evil.example' },
  ];
  for (const headers of forgeries) {
    // The similar-games page of one game is asked for by this test alone: its first render is the forged one.
    for (const path of ['/games/ferro-rally-2/similar-games', '/robots.txt', '/rss.xml', '/sitemap.xml']) {
      const response = await request.get(path, { headers });
      expect(response.status(), path).toBe(200);
      const text = await response.text();
      expect(text, `${path} ${JSON.stringify(headers)}`).not.toContain('evil.example');
      expect(text).toContain(baseURL);
    }
  }
});

test('every answer carries the security headers; only the review widget may be framed', async ({ request }) => {
  const page = await request.get('/games/lanternfall');
  const asset = (/src="(\/_astro\/[^"]+\.js)"/.exec(await page.text()) ?? [])[1];
  expect(asset).toBeDefined();
  const answers = {
    page: page.headers(),
    api: (await request.get('/api/search?q=lantern')).headers(),
    refused: (await request.delete('/api/critic-reviews/1')).headers(),
    notFound: (await request.get('/no/such/page')).headers(),
    favicon: (await request.get('/favicon.svg')).headers(),
    asset: (await request.get(asset!)).headers(),
    widget: (await request.get('/outlet/components/ReviewSection?outlet=pixel-ledger')).headers(),
  };
  for (const [kind, headers] of Object.entries(answers)) {
    expect(headers['x-content-type-options'], kind).toBe('nosniff');
    expect(headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], kind).toContain('camera=()');
    // Served over http here: no HSTS (it switches on with an https SITE_URL).
    expect(headers['strict-transport-security'], kind).toBeUndefined();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, kind).toMatch(kind === 'widget' ? /frame-ancestors \*/ : /frame-ancestors 'none'/);
    expect(/script-src[^;]*'unsafe-inline'/.test(csp), kind).toBe(false);
  }
  expect(answers.page['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(answers.api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});

test('the Content Security Policy blocks an injected inline script, and the suite notices', async ({ browser }) => {
  // A page of its own: the shared fixture would (rightly) fail this test on the violation.
  const page = await browser.newPage({ baseURL });
  try {
    const violations = await watchCspViolations(page);
    await page.goto('/about');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "ran"';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join('\n')).toMatch(/script-src/);
    await expect(page.locator('body')).not.toHaveAttribute('data-injected', 'ran');
  } finally {
    await page.close();
  }
});

test("the cron route runs a job only for Vercel Cron's secret", async ({ request }) => {
  const job = '/api/cron/release-critic-embargoes';
  expect((await request.get(job)).status()).toBe(401);
  expect((await request.get(job, { headers: { authorization: 'Bearer not-the-secret-at-all' } })).status()).toBe(401);
  const authorization = `Bearer ${E2E_CRON_SECRET}`;
  expect((await request.get('/api/cron/no-such-job', { headers: { authorization } })).status()).toBe(404);
  const ran = await request.get(job, { headers: { authorization } });
  expect(ran.status()).toBe(200);
  expect(await ran.json()).toMatchObject({ job: 'release-critic-embargoes' });
  expect(ran.headers()['cache-control']).toContain('no-store');
});

/** The status line of a request (GET, or POST of a JSON body), as a raw socket reads it. */
function statusLine(
  path: string,
  { headers = {}, json }: { headers?: Record<string, string>; json?: unknown } = {},
): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  const body = json === undefined ? '' : JSON.stringify(json);
  const head = [`${body ? 'POST' : 'GET'} ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close'];
  if (body) head.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head.join('\r\n')}\r\n\r\n${body}`));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(received.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

test('every status goes out with its standard reason phrase', async ({ request }) => {
  test.slow();
  const etag = (await request.get('/about', { headers: { 'accept-encoding': 'identity' } })).headers().etag!;
  // A revoked invitation's link: a page that sets its status itself (it read "410 OK").
  const writer = newUser();
  expect(
    (
      await request.post('/api/auth/sign-in', { data: { identifier: 'owner@demo.test', password: DEMO_PASSWORD } })
    ).status(),
  ).toBe(200);
  const api = `/api/manage-outlet/${DEMO_OWNED_OUTLET}`;
  expect(
    (await request.post(`${api}/invitations`, { data: { name: writer.fullName, email: writer.email } })).status(),
  ).toBe(201);
  const panel = await (await request.get('/manage-outlet/authors')).text();
  const revoke = new RegExp(
    `data-invitation="${writer.email}"[\\s\\S]*?data-method="DELETE" data-api-action="([^"]+)"`,
  ).exec(panel)?.[1];
  expect((await request.delete(revoke!, { headers: { origin: baseURL } })).status()).toBe(200);
  const invitation = await waitForEmail(request, writer.email, 'Pixel Ledger invites you to write on Critical Hit');
  const revoked = new URL(invitation.links.find((link) => link.includes('/author/invite/'))!).pathname;
  // Login attempts: five in five minutes per account, then 429.
  const wrong = { identifier: `nobody-${writer.email}`, password: 'Wrong-password-1' };
  for (let attempt = 0; attempt < 5; attempt += 1)
    expect((await request.post('/api/auth/sign-in', { data: wrong })).status()).toBe(400);

  expect(await statusLine('/about')).toBe('HTTP/1.1 200 OK');
  expect(await statusLine('/profile/demo_free')).toBe('HTTP/1.1 301 Moved Permanently');
  expect(await statusLine('/dashboard')).toBe('HTTP/1.1 302 Found');
  expect(await statusLine('/about', { headers: { 'If-None-Match': etag } })).toBe('HTTP/1.1 304 Not Modified');
  expect(await statusLine('/games/no-such-game-anywhere')).toBe('HTTP/1.1 404 Not Found');
  expect(await statusLine('/author/invite/not-a-real-token')).toBe('HTTP/1.1 404 Not Found');
  expect(await statusLine(revoked)).toBe('HTTP/1.1 410 Gone');
  expect(await statusLine('/api/auth/sign-in', { json: wrong })).toBe('HTTP/1.1 429 Too Many Requests');
  expect(await statusLine('/api/sentry-example-api')).toBe('HTTP/1.1 500 Internal Server Error');
});

test('the built server carries one React, in its production build', () => {
  // Every package the server bundle still imports from node_modules: none may be React or
  // import it, or it would load React's development build beside the bundled one.
  const serverDir = fileURLToPath(new URL('../../dist/server/', import.meta.url));
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mjs'));
  const external = new Set<string>();
  for (const file of files) {
    const code = readFileSync(join(serverDir, file), 'utf8');
    expect(code, file).not.toMatch(/react[\w-]*\.development\.js/);
    // Bare specifiers of packages (not node: or astro: modules).
    for (const [, name] of code.matchAll(/(?:from|import\()\s*["']((?:@[\w.-]+\/)?\w[\w.-]*)(?:\/[^"']*)?["']/g))
      external.add(name!);
  }
  const modules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
  const usingReact = [...external].filter((name) => {
    const manifest = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: object;
      peerDependencies?: object;
    };
    const dependencies = { ...manifest.dependencies, ...manifest.peerDependencies };
    return ['react', 'react-dom'].some((dep) => manifest.name === dep || dep in dependencies);
  });
  expect(external.size).toBeGreaterThan(0);
  expect(usingReact).toEqual([]);
});
