import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  broadcastFrame,
  decodeFrame,
  encodeFrame,
  joinPayloadSchema,
  reply,
  revoked,
  unauthorized,
  userTopic,
  type Frame,
} from './protocol.ts';

/**
 * The local Realtime service (embedded and self-hosted modes) at /realtime/v1/websocket:
 * private per-user broadcast channels, joined with the user's access token, that carry
 * their notifications. Hosted Supabase does the same through Realtime Broadcast.
 */

export const REALTIME_PATH = '/realtime/v1/websocket';
/** Phoenix closes a socket that sent no heartbeat for this long (clients beat every 30 s). */
const IDLE_MS = 60_000;

export interface Identity {
  userId: string;
  /** The auth session the token belongs to: when it ends, so does the channel. */
  sessionId: string;
  /** Seconds since the epoch when the token stops being valid. */
  expiresAt: number;
}

export interface NewNotificationRow {
  id: string;
  userId: string;
  payload: Record<string, unknown>;
}

export interface RealtimeDeps {
  /** The verified user of an access token whose session is live, or null. */
  verify(token: string): Promise<Identity | null>;
  /** Notifications with id above `afterId` for these users, oldest first. */
  newNotifications(afterId: string, userIds: string[]): Promise<NewNotificationRow[]>;
  /** The highest notification id now (where delivery starts). */
  latestNotificationId(): Promise<string>;
  /** Which of these auth sessions are still live (ended ones are shut out within seconds). */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  /** How often joined channels are confirmed: token not expired, session still live. */
  confirmMs?: number;
  /** How often to look for new notifications while sockets are open. */
  pollMs?: number;
  now?: () => number;
}

interface Joined {
  topic: string;
  joinRef: string | null;
  identity: Identity;
}

interface Connection {
  socket: WebSocket;
  channels: Map<string, Joined>;
  lastSeen: number;
}

export interface RealtimeServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Sends a notification to every socket that joined the user's channel now. */
  deliver(userId: string, payload: Record<string, unknown>): number;
  connections(): number;
  /** Closes every socket from the server side (clients reconnect). */
  dropAll(): void;
  close(): void;
}

export function createRealtimeServer(deps: RealtimeDeps): RealtimeServer {
  const now = deps.now ?? Date.now;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Set<Connection>();
  /** userId -> connections that joined that user's channel. */
  const byUser = new Map<string, Set<Connection>>();
  let lastId: string | null = null;
  let polling = false;
  const delivered = new Set<string>();

  const send = (connection: Connection, frame: Frame) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(encodeFrame(frame));
  };

  const leave = (connection: Connection, topic: string) => {
    const joined = connection.channels.get(topic);
    if (!joined) return;
    connection.channels.delete(topic);
    const set = byUser.get(joined.identity.userId);
    set?.delete(connection);
    if (set && set.size === 0) byUser.delete(joined.identity.userId);
  };

  async function join(connection: Connection, frame: Frame) {
    const parsed = joinPayloadSchema.safeParse(frame.payload);
    const token = parsed.success ? parsed.data.access_token : undefined;
    const identity = token ? await deps.verify(token).catch(() => null) : null;
    if (!identity || frame.topic !== userTopic(identity.userId) || parsed.data?.config?.private !== true) {
      send(connection, reply(frame, 'error', { reason: unauthorized(frame.topic) }));
      return;
    }
    leave(connection, frame.topic);
    connection.channels.set(frame.topic, { topic: frame.topic, joinRef: frame.joinRef, identity });
    let set = byUser.get(identity.userId);
    if (!set) byUser.set(identity.userId, (set = new Set()));
    set.add(connection);
    lastId ??= await deps.latestNotificationId().catch(() => null);
    send(connection, reply(frame, 'ok', { postgres_changes: [] }));
  }

  /**
   * Ends a channel from the server side as Supabase Realtime does: a `system` error
   * message saying why, then `phx_close` (supabase-js does not rejoin a closed channel).
   */
  function shutDown(connection: Connection, joined: Joined, message: string) {
    leave(connection, joined.topic);
    const channel = joined.topic.replace(/^realtime:/, '');
    send(connection, {
      joinRef: joined.joinRef,
      ref: null,
      topic: joined.topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message, channel },
    });
    send(connection, { joinRef: joined.joinRef, ref: null, topic: joined.topic, event: 'phx_close', payload: {} });
  }

  async function refreshToken(connection: Connection, frame: Frame) {
    const joined = connection.channels.get(frame.topic);
    const token = typeof frame.payload.access_token === 'string' ? frame.payload.access_token : '';
    if (!joined) return;
    const identity = token ? await deps.verify(token).catch(() => null) : null;
    if (!identity || identity.userId !== joined.identity.userId) {
      shutDown(connection, joined, revoked(joined.topic));
      return;
    }
    joined.identity = identity;
  }

  /**
   * Every joined channel, confirmed: a token past its expiry, or whose session has ended
   * (sign-out, sign out everywhere, a password change, refresh-token reuse, a deleted
   * account), shuts its channel; nothing more is delivered on it.
   */
  let confirming = false;
  async function confirmChannels() {
    if (confirming || byUser.size === 0) return;
    confirming = true;
    try {
      const joined = [...connections].flatMap((connection) =>
        [...connection.channels.values()].map((channel) => ({ connection, channel })),
      );
      const seconds = now() / 1000;
      const current = joined.filter(({ connection, channel }) => {
        if (channel.identity.expiresAt > seconds) return true;
        shutDown(
          connection,
          channel,
          `Token has expired ${Math.floor(seconds - channel.identity.expiresAt)} seconds ago`,
        );
        return false;
      });
      if (current.length === 0) return;
      const live = await deps.liveSessions([...new Set(current.map(({ channel }) => channel.identity.sessionId))]);
      for (const { connection, channel } of current) {
        // Only if it is still the same token (the client may have sent a new one meanwhile).
        if (!live.has(channel.identity.sessionId) && connection.channels.get(channel.topic) === channel) {
          shutDown(connection, channel, revoked(channel.topic));
        }
      }
    } catch (error) {
      console.error(`[realtime] confirming sessions failed: ${(error as Error).message}`);
    } finally {
      confirming = false;
    }
  }

  function onMessage(connection: Connection, data: string) {
    connection.lastSeen = now();
    const frame = decodeFrame(data);
    if (!frame) return;
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') return send(connection, reply(frame, 'ok', {}));
    switch (frame.event) {
      case 'phx_join':
        void join(connection, frame);
        return;
      case 'phx_leave':
        leave(connection, frame.topic);
        send(connection, reply(frame, 'ok', {}));
        return;
      case 'access_token':
        void refreshToken(connection, frame);
        return;
      default:
        // Client broadcasts, presence and postgres changes are not part of this subset.
        if (frame.ref) send(connection, reply(frame, 'error', { reason: 'Not supported by this server' }));
    }
  }

  function deliver(userId: string, payload: Record<string, unknown>): number {
    const set = byUser.get(userId);
    if (!set) return 0;
    const seconds = now() / 1000;
    let sent = 0;
    for (const connection of set) {
      const joined = connection.channels.get(userTopic(userId));
      if (!joined) continue;
      // An expired token stops delivery until the client sends a fresh one.
      if (joined.identity.expiresAt <= seconds) continue;
      send(connection, broadcastFrame(joined.topic, 'notification', payload, joined.joinRef));
      sent++;
    }
    return sent;
  }

  async function poll() {
    if (polling || byUser.size === 0) return;
    polling = true;
    try {
      lastId ??= await deps.latestNotificationId();
      // Looks back a little: an id taken by a transaction that commits later still arrives.
      const from = String(Math.max(0, Number(lastId) - 1000));
      const rows = await deps.newNotifications(from, [...byUser.keys()]);
      for (const row of rows) {
        if (delivered.has(row.id)) continue;
        delivered.add(row.id);
        deliver(row.userId, row.payload);
        if (Number(row.id) > Number(lastId)) lastId = row.id;
      }
      for (const id of delivered) if (Number(id) <= Number(lastId) - 1000) delivered.delete(id);
    } catch (error) {
      console.error(`[realtime] delivery failed: ${(error as Error).message}`);
    } finally {
      polling = false;
    }
  }

  const pollTimer = setInterval(() => void poll(), deps.pollMs ?? 500);
  pollTimer.unref();
  const confirmTimer = setInterval(() => void confirmChannels(), deps.confirmMs ?? 1000);
  confirmTimer.unref();
  const idleTimer = setInterval(() => {
    for (const connection of connections) if (now() - connection.lastSeen > IDLE_MS) connection.socket.terminate();
  }, 10_000);
  idleTimer.unref();

  wss.on('connection', (socket: WebSocket) => {
    const connection: Connection = { socket, channels: new Map(), lastSeen: now() };
    connections.add(connection);
    socket.on('message', (data, isBinary) => {
      if (!isBinary) onMessage(connection, frameText(data));
    });
    socket.on('close', () => {
      for (const topic of [...connection.channels.keys()]) leave(connection, topic);
      connections.delete(connection);
    });
    socket.on('error', () => socket.terminate());
  });

  return {
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== REALTIME_PATH) return false;
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
      return true;
    },
    deliver,
    connections: () => connections.size,
    dropAll() {
      for (const connection of connections) connection.socket.terminate();
    },
    close() {
      clearInterval(pollTimer);
      clearInterval(confirmTimer);
      clearInterval(idleTimer);
      for (const connection of connections) connection.socket.terminate();
      wss.close();
    },
  };
}

/** A text frame's payload: ws hands it over as one Buffer, its fragments, or an ArrayBuffer. */
function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString('utf8');
}
