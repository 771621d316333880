import http from 'node:http';
import { createServerClient } from '@supabase/ssr';
import { baseURL } from '../../playwright.config.ts';
import { createConfirmedUser, newUser, waitForEmail } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

// No open redirect: whatever a link puts in `redirect` or `next`, the Location header the
// site answers with stays on the site. These drive the server directly (no browser page).

const OFF_SITE = [
  '/.//evil.example',
  '/dashboard/../..//evil.example',
  '//evil.example/path',
  '/\\evil.example',
  'https://evil.example/',
  '/\t/evil.example',
];

/** A Location header (if any) must name a path on this site. */
function expectOnSite(location: string | undefined): void {
  if (location === undefined) return;
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(new URL(location, baseURL).origin).toBe(new URL(baseURL).origin);
}

/** GET with the path sent exactly as written (no client-side dot-segment normalisation). */
function rawGet(path: string, cookie = ''): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path, headers: cookie ? { cookie } : {} }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      })
      .on('error', reject);
  });
}

test('signed in, /login sends every off-site redirect to the dashboard', async ({ request }) => {
  const user = await createConfirmedUser(request);
  const signIn = await request.post('/api/auth/sign-in', {
    data: { identifier: user.username, password: user.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);

  // The reported URL, byte for byte.
  const reported = await request.get('/login?redirect=%2F.%2F%2Fevil.example', { maxRedirects: 0 });
  expect(reported.status()).toBe(302);
  expect(reported.headers().location).toBe('/dashboard');

  for (const target of OFF_SITE) {
    const response = await request.get(`/login?redirect=${encodeURIComponent(target)}`, { maxRedirects: 0 });
    expect(response.status(), target).toBe(302);
    expect(response.headers().location, target).toBe('/dashboard');
  }
  const kept = await request.get(`/login?redirect=${encodeURIComponent('/settings?tab=email#x')}`, { maxRedirects: 0 });
  expect(kept.headers().location).toBe('/settings?tab=email');
});

test('the login form is never handed an off-site target', async ({ request }) => {
  for (const target of OFF_SITE) {
    const response = await request.get(`/login?redirect=${encodeURIComponent(target)}`);
    expect(response.status()).toBe(200);
    expect(await response.text(), target).not.toContain('evil.example');
  }
});

test('dot segments in a guarded path never produce an off-site Location', async ({ request }) => {
  const user = await createConfirmedUser(request);
  const signIn = await request.post('/api/auth/sign-in', {
    data: { identifier: user.username, password: user.password },
  });
  const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  expect(signIn.status()).toBe(200);
  for (const path of [
    '/dashboard/../..//evil.example',
    '/dashboard/..//evil.example/',
    '/dashboard/%2e%2e/%2e%2e//evil.example',
    '/dashboard//evil.example',
    '//evil.example/dashboard',
  ]) {
    for (const who of ['', cookie]) {
      const { status, location } = await rawGet(path, who);
      expect(status, path).toBeLessThan(500);
      expectOnSite(location);
      // A redirect to /login must carry a target that /login would accept.
      if (location?.startsWith('/login?redirect=')) {
        const target = new URL(location, baseURL).searchParams.get('redirect')!;
        expectOnSite(target);
      }
    }
  }
});

test('/auth/callback exchanges the code and ignores an off-site next', async ({ request }) => {
  const user = newUser();
  // A PKCE sign-up as the browser client makes it; the verifier lands in this cookie jar.
  const jar = new Map<string, string>();
  const client = createServerClient(baseURL, 'sb_publishable_local', {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => cookies.forEach(({ name, value }) => (value ? jar.set(name, value) : jar.delete(name))),
    },
  });
  const next = '/.//evil.example/';
  const { error } = await client.auth.signUp({
    email: user.email,
    password: user.password,
    options: {
      data: { username: user.username, full_name: user.fullName },
      emailRedirectTo: `${baseURL}/auth/callback?next=${encodeURIComponent(next)}`,
    },
  });
  expect(error).toBeNull();
  const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  expect(cookie).toContain('code-verifier');

  const mail = await waitForEmail(request, user.email, 'Confirm Your Signup');
  const verify = await request.get(mail.links[0]!, { maxRedirects: 0 });
  expect(verify.status()).toBe(303);
  const callback = new URL(verify.headers().location!, baseURL);
  expect(callback.pathname).toBe('/auth/callback');
  expect(callback.searchParams.get('next')).toBe(next);
  expect(callback.searchParams.get('code')).toBeTruthy();

  const landed = await request.get(`${callback.pathname}${callback.search}`, { headers: { cookie }, maxRedirects: 0 });
  expect(landed.status()).toBe(302);
  expect(landed.headers().location).toBe('/dashboard');
  // The exchange really signed the visitor in: the session cookie is set.
  expect(
    landed.headersArray().some((h) => h.name.toLowerCase() === 'set-cookie' && /sb-[^=]+-auth-token=/.test(h.value)),
  ).toBe(true);

  // The reported URL without a code goes to /login, never elsewhere.
  const reported = await request.get('/auth/callback?next=/.//evil.example/', { maxRedirects: 0 });
  expect(reported.headers().location).toBe('/login');
});
