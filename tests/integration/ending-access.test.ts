import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createClient,
  REALTIME_SUBSCRIBE_STATES,
  type RealtimeChannel,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadOrCreateStoredKey } from '../../functions/auth/keys.ts';
import { createSessionLiveness, type SessionLiveness } from '../../functions/auth/session-liveness.ts';
import { localTokenAuth } from '../../functions/realtime/index.ts';
import { createRealtimeServer, type RealtimeServer } from '../../functions/realtime/server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { REALTIME_CLIENT_OPTIONS } from '../../src/lib/notifications/realtime.ts';
import { startTestAuthServer, type TestAuthServer } from '../helpers/auth-server.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { memoryStorage } from '../helpers/storage-server.ts';

/**
 * Ending access ends it: a password change or reset signs out every other session of the
 * account (refresh tokens, access tokens, open Realtime sockets), an email change needs
 * both mailboxes, and a sign-up with a registered address answers like any other. Driven
 * through supabase-js against the local auth service on an HTTP server and the local
 * Realtime service sharing its session liveness, as the node server composes them.
 */

const PASSWORD = 'Correct-Horse-9';
const uniq = () => randomBytes(5).toString('hex');

let database: DatabaseConnection;
let auth: TestAuthServer;
let liveness: SessionLiveness;
let realtime: RealtimeServer;
let realtimeHttp: Server;
let realtimeUrl: string;
const opened: SupabaseClient[] = [];
/** The services' clock: moved past the one-email-a-minute limit per recipient instead of waiting. */
let clock = Date.now();
const now = () => clock;
const aMinuteLater = () => void (clock += 61_000);

beforeAll(async () => {
  database = await createTestDatabase();
  liveness = createSessionLiveness(async () => database.db);
  auth = await startTestAuthServer(database, { sessions: liveness, bcryptCost: 4, now });
  realtime = createRealtimeServer({
    ...localTokenAuth(() => loadOrCreateStoredKey(database.db), liveness, now),
    now,
    newNotifications: async () => [],
    latestNotificationId: async () => '0',
  });
  realtimeHttp = createServer((_request, response) => response.writeHead(404).end());
  realtimeHttp.on('upgrade', (request, socket, head) => {
    if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => realtimeHttp.listen(0, '127.0.0.1', resolve));
  realtimeUrl = `http://127.0.0.1:${(realtimeHttp.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of opened) await client.removeAllChannels();
  realtime?.close();
  await new Promise((resolve) => realtimeHttp?.close(resolve));
  await auth?.close();
  await database?.close();
});

/** A browser: supabase-js with its own storage and its own client address. */
const browser = (flowType: 'implicit' | 'pkce' = 'implicit') =>
  createClient(auth.url, 'sb_publishable_local', {
    auth: {
      storage: memoryStorage(),
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType,
    },
    global: { headers: { 'x-test-client': uniq() } },
  });

async function followLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

async function confirmedUser(): Promise<string> {
  const email = `player-${uniq()}@example.com`;
  expect((await browser().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  expect((await followLink(auth.lastEmail(email)!.links[0]!)).hash).toContain('access_token=');
  return email;
}

async function signedIn(email: string, password = PASSWORD): Promise<SupabaseClient> {
  const client = browser();
  const { error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client;
}

interface Listening {
  channel: RealtimeChannel;
  received: unknown[];
  statuses: string[];
  system: { status?: string; message?: string }[];
}

/** A socket on the user's notification channel, joined with this browser's access token. */
async function listen(client: SupabaseClient): Promise<Listening> {
  const { data } = await client.auth.getSession();
  const session = data.session!;
  const socket = createClient(realtimeUrl, 'sb_publishable_local', {
    accessToken: async () => session.access_token,
    realtime: { ...REALTIME_CLIENT_OPTIONS, reconnectAfterMs: () => 50 },
  });
  opened.push(socket);
  await socket.realtime.setAuth();
  const listening: Listening = {
    channel: undefined as unknown as RealtimeChannel,
    received: [],
    statuses: [],
    system: [],
  };
  await new Promise<void>((resolve) => {
    listening.channel = socket
      .channel(`user:${session.user.id}`, { config: { private: true } })
      .on('broadcast', { event: 'notification' }, (message) => listening.received.push(message.payload))
      .on('system', {}, (message) => listening.system.push(message as Listening['system'][number]));
    listening.channel.subscribe((status) => {
      listening.statuses.push(status);
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
    });
  });
  return listening;
}

/** Within seconds: the Realtime service confirms its channels every second. */
const withinSeconds = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 50 });

const sessionIdOf = async (client: SupabaseClient) => (await client.auth.getClaims()).data!.claims.session_id;

describe('a password change ends every other session of the account', () => {
  it('their refresh tokens, access tokens and open sockets stop; the session that changed it stays', async () => {
    const email = await confirmedUser();
    const [phone, laptop] = [await signedIn(email), await signedIn(email)];
    const laptopSession = (await laptop.auth.getSession()).data.session!;
    const [phoneSocket, laptopSocket] = [await listen(phone), await listen(laptop)];
    const userId = laptopSession.user.id;
    expect(realtime.deliver(userId, { text: 'before' })).toBe(2);

    expect((await phone.auth.updateUser({ password: 'Brand-New-Pass-2' })).error).toBeNull();

    // The other session: refresh refused, access token refused by the service and by the site's check.
    expect((await laptop.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
    expect((await browser().auth.getUser(laptopSession.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect(await liveness.isLive(await sessionIdOf(phone))).toBe(true);
    const { session_id: laptopId } = JSON.parse(
      Buffer.from(laptopSession.access_token.split('.')[1]!, 'base64url').toString(),
    ) as { session_id: string };
    expect(await liveness.isLive(laptopId, { fresh: true })).toBe(false);
    // Its socket is closed from the server side, with Supabase Realtime's reason.
    await withinSeconds(() => expect(laptopSocket.statuses).toContain('CLOSED'));
    expect(laptopSocket.system).toContainEqual(
      expect.objectContaining({
        status: 'error',
        message: `You no longer have permission to read from this Channel topic: user:${userId}`,
      }),
    );
    expect(realtime.deliver(userId, { text: 'after' })).toBe(1);
    await withinSeconds(() => expect(phoneSocket.received).toEqual([{ text: 'before' }, { text: 'after' }]));
    expect(laptopSocket.received).toEqual([{ text: 'before' }]);

    // The session that made the change goes on: its user, its refresh, its socket.
    expect((await phone.auth.getUser()).error).toBeNull();
    expect((await phone.auth.refreshSession()).error).toBeNull();
    expect(phoneSocket.statuses).not.toContain('CLOSED');
    // Only the new password signs in now.
    expect((await browser().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    await signedIn(email, 'Brand-New-Pass-2');
  });

  it('a password reset (recovery link, then a new password) ends every session but the recovery one', async () => {
    const email = await confirmedUser();
    const thief = await signedIn(email);
    const thiefSession = (await thief.auth.getSession()).data.session!;
    const thiefSocket = await listen(thief);

    const owner = browser();
    expect(
      (await owner.auth.resetPasswordForEmail(email, { redirectTo: `${auth.url}/reset-password` })).error,
    ).toBeNull();
    const fragment = new URLSearchParams((await followLink(auth.lastEmail(email)!.links[0]!)).hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    await owner.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await owner.auth.updateUser({ password: 'Reset-Pass-3' })).error).toBeNull();

    expect((await thief.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
    expect((await browser().auth.updateUser({ data: { bio: 'mine now' } })).error).not.toBeNull();
    expect((await browser().auth.getUser(thiefSession.access_token)).error?.name).toBe('AuthSessionMissingError');
    await withinSeconds(() => expect(thiefSocket.statuses).toContain('CLOSED'));
    expect((await owner.auth.getUser()).error).toBeNull();
  });

  it('a new password voids the links still pending (an email change asked for with the old one)', async () => {
    const email = await confirmedUser();
    const thief = await signedIn(email);
    const target = `thief-${uniq()}@example.com`;
    expect((await thief.auth.updateUser({ email: target })).error).toBeNull();
    const link = auth.lastEmail(target)!.links[0]!;
    const owner = await signedIn(email);
    const { data, error } = await owner.auth.updateUser({ password: 'Owner-Again-4' });
    expect(error).toBeNull();
    expect(data.user!.new_email).toBeUndefined();
    expect(new URLSearchParams((await followLink(link)).hash.slice(1)).get('error_code')).toBe('otp_expired');
  });
});

describe('sign out everywhere', () => {
  it('closes the open sockets of every session of the account within seconds', async () => {
    const email = await confirmedUser();
    const [phone, laptop] = [await signedIn(email), await signedIn(email)];
    const [phoneSocket, laptopSocket] = [await listen(phone), await listen(laptop)];
    expect((await phone.auth.signOut({ scope: 'global' })).error).toBeNull();
    await withinSeconds(() => {
      expect(laptopSocket.statuses).toContain('CLOSED');
      expect(phoneSocket.statuses).toContain('CLOSED');
    });
    expect(realtime.deliver((await laptop.auth.getSession()).data.session!.user.id, { text: 'gone' })).toBe(0);
  });
});

describe('an email change is confirmed from both addresses', () => {
  it('one link to each; the first changes nothing, the second changes the address and the old one is told', async () => {
    const email = await confirmedUser();
    const client = await signedIn(email);
    const next = `moved-${uniq()}@example.com`;
    const { data, error } = await client.auth.updateUser({ email: next }, { emailRedirectTo: `${auth.url}/settings` });
    expect(error).toBeNull();
    expect(data.user!.new_email).toBe(next);
    const toNew = auth.lastEmail(next)!;
    const toCurrent = auth.lastEmail(email)!;
    expect([toNew.subject, toCurrent.subject]).toEqual(['Confirm Email Change', 'Confirm Email Change']);
    expect(toCurrent.text).toContain(`from ${email} to ${next}`);
    expect(toNew.links[0]).not.toBe(toCurrent.links[0]);

    // The new address alone (all a thief with a session controls) changes nothing.
    const first = await followLink(toNew.links[0]!);
    expect(Object.fromEntries(new URLSearchParams(first.hash.slice(1)))).toEqual({
      message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      sb: '',
    });
    expect(first.pathname).toBe('/settings');
    expect((await client.auth.getUser()).data.user!.email).toBe(email);
    await signedIn(email);
    // A link works once.
    expect(new URLSearchParams((await followLink(toNew.links[0]!)).hash.slice(1)).get('error_code')).toBe(
      'otp_expired',
    );

    // The current address agrees: the change is made.
    const second = new URLSearchParams((await followLink(toCurrent.links[0]!)).hash.slice(1));
    expect(second.get('type')).toBe('email_change');
    expect((await client.auth.getUser()).data.user!.email).toBe(next);
    await signedIn(next);
    const notice = auth.lastEmail(email)!;
    expect(notice.subject).toBe('Your email address was changed');
    expect(notice.text).toContain(`from ${email} to ${next}`);
  });

  it("POST /verify answers GoTrue's message to the first of the two, then the session", async () => {
    const email = await confirmedUser();
    const client = await signedIn(email);
    const next = `posted-${uniq()}@example.com`;
    await client.auth.updateUser({ email: next });
    const tokenOf = (to: string) => new URL(auth.lastEmail(to)!.links[0]!).searchParams.get('token')!;
    const verify = (token: string) =>
      fetch(`${auth.url}/auth/v1/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ type: 'email_change', token_hash: token }),
      });
    const first = await verify(tokenOf(email));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    const second = await verify(tokenOf(next));
    expect(second.status).toBe(200);
    expect(((await second.json()) as { user: { email: string } }).user.email).toBe(next);
  });
});

/** The shape of a JSON value: its keys in order and the types of its leaves. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object') return Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]);
  return typeof value;
}

describe('a sign-up with a registered address answers like any other sign-up', () => {
  const data = { full_name: 'Someone', bio: 'Hello there' };
  const signUp = (email: string) =>
    browser().auth.signUp({
      email,
      password: 'Another-Pass-5',
      options: { data: { ...data, username: `u${uniq()}` } },
    });

  it('for a confirmed account: the same answer (a look-alike user, no session) and the owner gets a notice instead', async () => {
    const email = await confirmedUser();
    const realId = (await (await signedIn(email)).auth.getUser()).data.user!.id;
    const fresh = await signUp(`fresh-${uniq()}@example.com`);
    aMinuteLater();
    const repeated = await signUp(email.toUpperCase());
    expect(repeated.error).toBeNull();
    expect(repeated.data.session).toBeNull();
    expect(shapeOf(repeated.data.user)).toEqual(shapeOf(fresh.data.user));
    expect(repeated.data.user!.id).not.toBe(realId);
    expect(repeated.data.user!.email).toBe(email);
    expect(repeated.data.user!.identities).toHaveLength(1);
    const notice = auth.lastEmail(email)!;
    expect(notice.subject).toBe('You already have an account');
    expect(notice.links.map((link) => new URL(link).pathname)).toEqual(['/login', '/reset-password']);
    // Nothing changed: the password is still the owner's, no second account.
    await signedIn(email);
    expect(await database.db.selectFrom('auth.users').select('id').where('email', '=', email).execute()).toEqual([
      { id: realId },
    ]);
  });

  it('for an account never confirmed: a fresh confirmation link goes to the address, and confirms the first sign-up', async () => {
    const email = `pending-${uniq()}@example.com`;
    expect((await browser().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    aMinuteLater();
    const repeated = await signUp(email);
    expect(repeated.error).toBeNull();
    expect(repeated.data.session).toBeNull();
    const mails = auth.mailbox.filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm Your Signup', 'Confirm Your Signup']);
    expect((await followLink(auth.lastEmail(email)!.links[0]!)).hash).toContain('access_token=');
    // The details and the password are the first sign-up's.
    await signedIn(email);
  });

  it('the same status and headers as a new sign-up', async () => {
    const email = await confirmedUser();
    aMinuteLater();
    const raw = (address: string) =>
      fetch(`${auth.url}/auth/v1/signup`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
          'x-test-client': uniq(),
        },
        body: JSON.stringify({ email: address, password: 'Another-Pass-5' }),
      });
    const [fresh, repeated] = [await raw(`fresh-${uniq()}@example.com`), await raw(email)];
    const headers = (response: Response) =>
      [...response.headers].filter(([name]) => !['date', 'content-length'].includes(name));
    expect(repeated.status).toBe(fresh.status);
    expect(headers(repeated)).toEqual(headers(fresh));
  });
});

describe('an access token that expires', () => {
  it("closes its socket (the services' clock moved past the hour, no waiting); a refreshed token joins again", async () => {
    const email = await confirmedUser();
    const laptop = await signedIn(email);
    const socket = await listen(laptop);
    clock += 3_601_000;
    await withinSeconds(() => expect(socket.statuses).toContain('CLOSED'));
    expect(socket.system).toContainEqual(
      expect.objectContaining({
        status: 'error',
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any
        message: expect.stringMatching(/^Token has expired \d+ seconds ago$/),
      }),
    );
    expect((await laptop.auth.refreshSession()).error).toBeNull();
    const again = await listen(laptop);
    expect(again.statuses).toEqual(['SUBSCRIBED']);
  });
});
