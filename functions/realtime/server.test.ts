import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createClient,
  REALTIME_SUBSCRIBE_STATES,
  type RealtimeChannel,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLIENT_OPTIONS } from '../../src/lib/notifications/realtime.ts';
import { createRealtimeServer, type NewNotificationRow, type RealtimeServer } from './server.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const CAROL = '33333333-3333-4333-8333-333333333333';
/** The fake auth: token -> its user, its session and how long it lives. */
const tokens: Record<string, { userId: string; sessionId: string; lifetime: number }> = {
  'token-alice': { userId: ALICE, sessionId: 'session-alice', lifetime: 3600 },
  'token-bob': { userId: BOB, sessionId: 'session-bob', lifetime: 3600 },
  'token-carol-phone': { userId: CAROL, sessionId: 'session-carol-phone', lifetime: 3600 },
  'token-carol-laptop': { userId: CAROL, sessionId: 'session-carol-laptop', lifetime: 3600 },
  'token-carol-short': { userId: CAROL, sessionId: 'session-carol-short', lifetime: 60 },
};
const endedSessions = new Set<string>();
const pending: NewNotificationRow[] = [];
let nextId = 100;
/** The clock the service reads: tests move it instead of waiting. */
let clock = Date.now();

let http: Server;
let realtime: RealtimeServer;
let url: string;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  const issuedAt = clock / 1000;
  realtime = createRealtimeServer({
    verify: (token) => {
      const known = tokens[token];
      if (!known || endedSessions.has(known.sessionId)) return Promise.resolve(null);
      return Promise.resolve({
        userId: known.userId,
        sessionId: known.sessionId,
        expiresAt: issuedAt + known.lifetime,
      });
    },
    liveSessions: (ids) => Promise.resolve(new Set(ids.filter((id) => !endedSessions.has(id)))),
    newNotifications: (afterId, userIds) =>
      Promise.resolve(pending.filter((row) => Number(row.id) > Number(afterId) && userIds.includes(row.userId))),
    latestNotificationId: () => Promise.resolve(String(nextId)),
    pollMs: 50,
    confirmMs: 50,
    now: () => clock,
  });
  http = createServer((_req, res) => res.writeHead(404).end());
  http.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  realtime.close();
  await new Promise((resolve) => http.close(resolve));
});

/** supabase-js, as the island creates it, signed in with a token of the fake auth. */
async function client(token: string): Promise<SupabaseClient> {
  // The session's access token, as a signed-in browser's client hands it over on every (re)join.
  const supabase = createClient(url, 'anon-key', {
    accessToken: () => Promise.resolve(token),
    realtime: { ...REALTIME_CLIENT_OPTIONS, reconnectAfterMs: () => 50 },
  });
  await supabase.realtime.setAuth();
  clients.push(supabase);
  return supabase;
}

interface Listening {
  channel: RealtimeChannel;
  status: string;
  error?: Error;
  /** Every status the channel went through, and the system messages it was sent. */
  statuses: string[];
  system: { status?: string; message?: string }[];
}

function join(supabase: SupabaseClient, userId: string, received: unknown[]): Promise<Listening> {
  return new Promise((resolve) => {
    const statuses: string[] = [];
    const system: Listening['system'] = [];
    const channel = supabase
      .channel(`user:${userId}`, { config: { private: true } })
      .on('broadcast', { event: 'notification' }, (message) => received.push(message.payload))
      .on('system', {}, (message) => system.push(message as Listening['system'][number]));
    channel.subscribe((status, error) => {
      statuses.push(status);
      if (status !== REALTIME_SUBSCRIBE_STATES.CLOSED) resolve({ channel, status, error, statuses, system });
    });
  });
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('the local Realtime service, driven by supabase-js', () => {
  it('lets a user join their own channel and delivers their notifications to it', async () => {
    const received: unknown[] = [];
    const { status } = await join(await client('token-alice'), ALICE, received);
    expect(status).toBe('SUBSCRIBED');
    pending.push({ id: String(++nextId), userId: ALICE, payload: { text: 'Hello Alice' } });
    pending.push({ id: String(++nextId), userId: BOB, payload: { text: 'For Bob only' } });
    await until(() => received.length > 0);
    expect(received).toEqual([{ text: 'Hello Alice' }]);
    // Bob's row is not for the tests that follow: Bob joining later would be sent it.
    pending.length = 0;
  });

  it("refuses another user's channel and a missing or unknown token", async () => {
    const refused = await join(await client('token-bob'), ALICE, []);
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.error?.message).toContain('Unauthorized');
    const anonymous = await join(await client('not-a-token'), ALICE, []);
    expect(anonymous.status).toBe('CHANNEL_ERROR');
  });

  it('answers heartbeats, and rejoins after the server drops the socket', async () => {
    const received: unknown[] = [];
    const supabase = await client('token-bob');
    const { status } = await join(supabase, BOB, received);
    expect(status).toBe('SUBSCRIBED');
    const latency = await new Promise<number>((resolve) => {
      supabase.realtime.onHeartbeat((heartbeat, latencyMs) => {
        if (heartbeat === 'ok') resolve(latencyMs ?? 0);
      });
      void supabase.realtime.sendHeartbeat();
    });
    expect(latency).toBeGreaterThanOrEqual(0);

    realtime.dropAll();
    await until(() => realtime.connections() === 0);
    await until(() => realtime.deliver(BOB, { text: 'after the reconnect' }) > 0);
    await until(() => received.length > 0);
    expect(received[0]).toEqual({ text: 'after the reconnect' });
  });

  it("closes the channel of a session that ended (within the confirmation interval); the user's other sessions keep theirs", async () => {
    const phone: unknown[] = [];
    const laptop: unknown[] = [];
    const onPhone = await join(await client('token-carol-phone'), CAROL, phone);
    const onLaptop = await join(await client('token-carol-laptop'), CAROL, laptop);
    expect([onPhone.status, onLaptop.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
    await until(() => realtime.deliver(CAROL, { text: 'to both' }) === 2);
    await until(() => phone.length === 1 && laptop.length === 1);

    // The phone changed the password: the laptop's session is gone.
    endedSessions.add('session-carol-laptop');
    await until(() => onLaptop.statuses.includes('CLOSED'));
    expect(onLaptop.system).toContainEqual(
      expect.objectContaining({
        status: 'error',
        message: `You no longer have permission to read from this Channel topic: user:${CAROL}`,
      }),
    );
    expect(realtime.deliver(CAROL, { text: 'phone only' })).toBe(1);
    await until(() => phone.length === 2);
    expect(laptop).toEqual([{ text: 'to both' }]);
    // Joining again with the ended session's token is refused.
    expect((await join(await client('token-carol-laptop'), CAROL, [])).status).toBe('CHANNEL_ERROR');
  });

  it('closes the channel when its access token expires (the clock moved, no waiting)', async () => {
    const received: unknown[] = [];
    const supabase = await client('token-carol-short');
    const listening = await join(supabase, CAROL, received);
    expect(listening.status).toBe('SUBSCRIBED');
    clock += 61_000;
    try {
      await until(() => listening.statuses.includes('CLOSED'));
      const refusal = listening.system.find((message) => message.status === 'error');
      expect(refusal?.message).toMatch(/^Token has expired \d+ seconds ago$/);
      realtime.deliver(CAROL, { text: 'after expiry' });
      // Frames arrive in order: once the heartbeat's reply is in, the notification would have been too.
      await new Promise<void>((resolve) => {
        supabase.realtime.onHeartbeat((heartbeat) => heartbeat === 'ok' && resolve());
        void supabase.realtime.sendHeartbeat();
      });
      expect(received).toEqual([]);
    } finally {
      clock -= 61_000;
    }
  });
});
