import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLIENT_OPTIONS } from '../../src/lib/notifications/realtime.ts';
import { createRealtimeServer, type NewNotificationRow, type RealtimeServer } from './server.ts';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const tokens: Record<string, string> = { 'token-alice': ALICE, 'token-bob': BOB };
const pending: NewNotificationRow[] = [];
let nextId = 100;

let http: Server;
let realtime: RealtimeServer;
let url: string;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  realtime = createRealtimeServer({
    verify: async (token) => (tokens[token] ? { userId: tokens[token]!, expiresAt: Date.now() / 1000 + 3600 } : null),
    newNotifications: async (afterId, userIds) => pending.filter((row) => Number(row.id) > Number(afterId) && userIds.includes(row.userId)),
    latestNotificationId: async () => String(nextId),
    pollMs: 50,
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
  const supabase = createClient(url, 'anon-key', { accessToken: async () => token, realtime: { ...REALTIME_CLIENT_OPTIONS, reconnectAfterMs: () => 50 } });
  await supabase.realtime.setAuth();
  clients.push(supabase);
  return supabase;
}

function join(supabase: SupabaseClient, userId: string, received: unknown[]): Promise<{ channel: RealtimeChannel; status: string; error?: Error }> {
  return new Promise((resolve) => {
    const channel = supabase
      .channel(`user:${userId}`, { config: { private: true } })
      .on('broadcast', { event: 'notification' }, (message) => received.push(message.payload));
    channel.subscribe((status, error) => {
      if (status !== 'CLOSED') resolve({ channel, status, error });
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
});
