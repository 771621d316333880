import { expect, test } from '@playwright/test';
import { createClient, REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import sharp from 'sharp';
import { baseURL } from '../../playwright.config.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/auth/config.server.ts';
import { createConfirmedUser, newUser, waitForEmail, type TestUser } from './accounts-helpers.ts';

/**
 * A session that was ended is ended on the whole site, not only at /auth/v1: after logout
 * (this device or everywhere), a password change or reset on another device, refresh-token
 * reuse, or account deletion, the old access token in a session cookie is signed out for
 * /api/auth/me, refused by the API (401), by storage, sent to /login by guarded pages, and
 * its open Realtime socket is closed. No page is needed: these are plain HTTP requests with
 * the cookie the browser would hold, and supabase-js's Realtime client.
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
const cookieFor = (session: Session) =>
  `${COOKIE}=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;

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
  const signedOut = [
    !me.user,
    profile.status === 401,
    dashboard.status === 302 && (dashboard.headers.get('location') ?? '').startsWith('/login'),
  ];
  if (signedIn.every(Boolean)) return 'signed in';
  if (signedOut.every(Boolean)) return 'signed out';
  throw new Error(
    `mixed answers: me ${JSON.stringify(me)}, PATCH /api/profile ${profile.status}, /dashboard ${dashboard.status}`,
  );
}

const deleteAccount = (session: Session) =>
  site('/api/account', session, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ confirm: 'DELETE' }),
  });

const logout = (session: Session, scope: 'local' | 'global') =>
  fetch(`${baseURL}/auth/v1/logout?scope=${scope}`, {
    method: 'POST',
    headers: { ...API, authorization: `Bearer ${session.access_token}` },
  });

const refresh = (token: string) =>
  fetch(`${baseURL}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: API,
    body: JSON.stringify({ refresh_token: token }),
  });

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
  // Within the reuse interval (10 s) a replay gets the current token (two tabs refreshing at
  // once); past it, the replay is taken as theft.
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const replay = await refresh(stolen.refresh_token);
        code = ((await replay.json()) as { code?: string }).code;
        return replay.status;
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBe(400);
  expect(code).toBe('refresh_token_already_used');
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

const claimsOf = (session: Session) =>
  JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()) as { sub: string };

const updatePassword = (session: Session, password: string) =>
  fetch(`${baseURL}/auth/v1/user`, {
    method: 'PUT',
    headers: { ...API, authorization: `Bearer ${session.access_token}` },
    body: JSON.stringify({ password }),
  });

/** Storage's answer to an avatar upload with this session's access token. */
async function storageSees(session: Session): Promise<'allowed' | 'refused'> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0d9488' } })
    .png()
    .toBuffer();
  const response = await fetch(
    `${baseURL}/storage/v1/object/avatars/${claimsOf(session).sub}/probe-${Date.now()}.png`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'image/png' },
      body: png,
    },
  );
  const body = (await response.json()) as { code?: string };
  if (response.status === 200) return 'allowed';
  if (body.code === 'AccessDenied') return 'refused';
  throw new Error(`storage answered ${response.status} ${JSON.stringify(body)}`);
}

/** A browser's Realtime socket on the user's notification channel, joined with this session's token. */
async function listen(session: Session) {
  const client = createClient(baseURL, LOCAL_ANON_KEY, { accessToken: async () => session.access_token });
  await client.realtime.setAuth();
  const state = { received: [] as unknown[], statuses: [] as string[] };
  await new Promise<void>((resolve) => {
    client
      .channel(`user:${claimsOf(session).sub}`, { config: { private: true } })
      .on('broadcast', { event: 'notification' }, (message) => state.received.push(message.payload))
      .subscribe((status) => {
        state.statuses.push(status);
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
      });
  });
  return { ...state, close: () => client.removeAllChannels() };
}

test('a password change ends every other session: pages, API, storage, refresh and the open socket; the device that changed it stays', async ({
  request,
}) => {
  const user = await createConfirmedUser(request, newUser());
  const [phone, laptop] = [await signIn(user), await signIn(user)];
  const [phoneSocket, laptopSocket] = [await listen(phone), await listen(laptop)];
  expect(await storageSees(laptop)).toBe('allowed');

  expect((await updatePassword(phone, 'Changed-Pass-7')).status).toBe(200);

  expect(await siteSees(laptop)).toBe('signed out');
  expect(await storageSees(laptop)).toBe('refused');
  expect(((await (await refresh(laptop.refresh_token)).json()) as { code: string }).code).toBe(
    'refresh_token_not_found',
  );
  await expect.poll(() => laptopSocket.statuses).toContain('CLOSED');

  expect(await siteSees(phone)).toBe('signed in');
  expect(await storageSees(phone)).toBe('allowed');
  expect(phoneSocket.statuses).not.toContain('CLOSED');

  // The first visit of the day (a confirmed account reaching level 2) notifies the player:
  // live on the phone's socket only.
  const visit = await site('/api/visits', phone, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(visit.status).toBe(200);
  await expect.poll(() => phoneSocket.received.length).toBeGreaterThan(0);
  expect(laptopSocket.received).toEqual([]);
  await Promise.all([phoneSocket.close(), laptopSocket.close()]);
});

test('a password reset ends every session the account had, on the site and its sockets', async ({ request }) => {
  const user = await createConfirmedUser(request, newUser());
  const thief = await signIn(user);
  const socket = await listen(thief);
  expect(await siteSees(thief)).toBe('signed in');

  const recover = await fetch(`${baseURL}/auth/v1/recover`, {
    method: 'POST',
    headers: API,
    body: JSON.stringify({ email: user.email }),
  });
  expect(recover.status).toBe(200);
  const mail = await waitForEmail(request, user.email, 'Reset Your Password');
  const landed = await fetch(mail.links[0]!, { redirect: 'manual' });
  const fragment = new URLSearchParams(new URL(landed.headers.get('location')!).hash.slice(1));
  const recovery = { access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! };
  expect((await updatePassword(recovery, 'Reset-Pass-8')).status).toBe(200);

  expect(await siteSees(thief)).toBe('signed out');
  expect(await storageSees(thief)).toBe('refused');
  await expect.poll(() => socket.statuses).toContain('CLOSED');
  // The session that set the new password stays.
  const me = await fetch(`${baseURL}/auth/v1/user`, {
    headers: { ...API, authorization: `Bearer ${recovery.access_token}` },
  });
  expect(me.status).toBe(200);
  await socket.close();
});

test('sign out everywhere closes the open sockets of every device within seconds', async ({ request }) => {
  const user = await createConfirmedUser(request, newUser());
  const [phone, laptop] = [await signIn(user), await signIn(user)];
  const [phoneSocket, laptopSocket] = [await listen(phone), await listen(laptop)];
  expect((await logout(phone, 'global')).status).toBe(204);
  await expect
    .poll(() => [phoneSocket.statuses.includes('CLOSED'), laptopSocket.statuses.includes('CLOSED')])
    .toEqual([true, true]);
  await Promise.all([phoneSocket.close(), laptopSocket.close()]);
});
