import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { createConfirmedUser, newUser, type TestUser } from './accounts-helpers.ts';

/**
 * A session that was ended is ended on the whole site, not only at /auth/v1: after logout
 * (this device or everywhere), refresh-token reuse, or account deletion, the old access
 * token in a session cookie is signed out for /api/auth/me, refused by the API (401) and
 * sent to /login by guarded pages. No page is needed: these are plain HTTP requests with
 * the cookie the browser would hold.
 */

const API = { 'x-supabase-api-version': '2024-01-01', 'content-type': 'application/json' };
const COOKIE = 'sb-localhost-auth-token';

interface Session {
  access_token: string;
  refresh_token: string;
}

async function signIn(user: TestUser): Promise<Session> {
  const response = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: API,
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Session;
}

/** The session cookie @supabase/ssr writes for this session. */
const cookieFor = (session: Session) => `${COOKIE}=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;

const site = (path: string, session: Session, init: RequestInit = {}) =>
  fetch(`${baseURL}${path}`, { redirect: 'manual', ...init, headers: { cookie: cookieFor(session), ...init.headers } });

/** What the site makes of a session cookie: signed in everywhere, or signed out everywhere. */
async function siteSees(session: Session): Promise<'signed in' | 'signed out'> {
  const me = (await (await site('/api/auth/me', session)).json()) as { user: unknown };
  const profile = await site('/api/profile', session, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ full_name: 'Still Here', bio: 'Edited with an old token?' }),
  });
  const dashboard = await site('/dashboard', session);
  const signedIn = [Boolean(me.user), profile.status === 200, dashboard.status === 200];
  const signedOut = [!me.user, profile.status === 401, dashboard.status === 302 && (dashboard.headers.get('location') ?? '').startsWith('/login')];
  if (signedIn.every(Boolean)) return 'signed in';
  if (signedOut.every(Boolean)) return 'signed out';
  throw new Error(`mixed answers: me ${JSON.stringify(me)}, PATCH /api/profile ${profile.status}, /dashboard ${dashboard.status}`);
}

const deleteAccount = (session: Session) =>
  site('/api/account', session, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ confirm: 'DELETE' }) });

const logout = (session: Session, scope: 'local' | 'global') =>
  fetch(`${baseURL}/auth/v1/logout?scope=${scope}`, { method: 'POST', headers: { ...API, authorization: `Bearer ${session.access_token}` } });

const refresh = (token: string) =>
  fetch(`${baseURL}/auth/v1/token?grant_type=refresh_token`, { method: 'POST', headers: API, body: JSON.stringify({ refresh_token: token }) });

test.describe.configure({ mode: 'parallel' });

test('logout on this device ends the session on the site; the other device stays signed in', async ({ request }) => {
  const user = await createConfirmedUser(request, newUser());
  const [phone, laptop] = [await signIn(user), await signIn(user)];
  expect(await siteSees(phone)).toBe('signed in');
  expect((await logout(phone, 'local')).status).toBe(204);
  expect(await siteSees(phone)).toBe('signed out');
  expect((await deleteAccount(phone)).status).toBe(401);
  expect(await siteSees(laptop)).toBe('signed in');
});

test('sign out everywhere ends every session of the account on the site', async ({ request }) => {
  const user = await createConfirmedUser(request, newUser());
  const [phone, laptop] = [await signIn(user), await signIn(user)];
  expect(await siteSees(laptop)).toBe('signed in');
  expect((await logout(phone, 'global')).status).toBe(204);
  expect(await siteSees(phone)).toBe('signed out');
  expect(await siteSees(laptop)).toBe('signed out');
  expect((await deleteAccount(laptop)).status).toBe(401);
});

test('a reused refresh token ends the session on the site, for the thief and the owner alike', async ({ request }) => {
  const user = await createConfirmedUser(request, newUser());
  const stolen = await signIn(user);
  const rotated = (await (await refresh(stolen.refresh_token)).json()) as Session;
  expect(await siteSees(rotated)).toBe('signed in');
  const replay = await refresh(stolen.refresh_token);
  expect(replay.status).toBe(400);
  expect(((await replay.json()) as { code: string }).code).toBe('refresh_token_already_used');
  expect(await siteSees(rotated)).toBe('signed out');
  expect(await siteSees(stolen)).toBe('signed out');
});

test('a deleted account is signed out on every device, and cannot be deleted twice', async ({ request }) => {
  const user = await createConfirmedUser(request, newUser());
  const [phone, laptop] = [await signIn(user), await signIn(user)];
  expect(await siteSees(laptop)).toBe('signed in');
  const deleted = await deleteAccount(phone);
  expect(deleted.status).toBe(200);
  expect((await deleteAccount(phone)).status).toBe(401);
  expect(await siteSees(phone)).toBe('signed out');
  expect(await siteSees(laptop)).toBe('signed out');
  expect((await deleteAccount(laptop)).status).toBe(401);
});
