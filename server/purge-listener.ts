import pg from 'pg';
import { z } from 'zod';
import { PURGE_CHANNEL, serverId } from '../src/lib/http/purge.server.ts';
import type { PurgeRequest } from '../src/lib/http/page-cache.server.ts';

/**
 * Hears the purges other node servers send (purge.server.ts) on a dedicated `pg` client:
 * LISTEN needs a session of its own, so not a pool connection (and not through a
 * transaction pooler: set DATABASE_LISTEN_URL to a direct or session connection there).
 * When the connection drops it reconnects with a growing delay; purges sent meanwhile
 * were lost, so after every reconnect the whole local cache is dropped.
 */

const messageSchema = z.object({
  from: z.string().max(100),
  tags: z.array(z.string().max(500)).max(5_000),
  paths: z.array(z.string().max(2_000)).max(5_000),
});

export interface PurgeListenerOptions {
  connectionString: string;
  /** Empties the local route cache. */
  onPurge: (request: PurgeRequest) => void;
  /** Milliseconds before the first reconnect attempt; doubles up to maxDelayMs. */
  retryDelayMs?: number;
  maxDelayMs?: number;
  log?: (line: string) => void;
  /** This server's name in purge messages (its own are ignored); default serverId(). */
  self?: string;
}

export interface PurgeListener {
  /** Resolves once the first LISTEN is in place (retrying until the database answers). */
  ready: Promise<void>;
  /** Resolves after every (re)connection that follows a lost connection. */
  reconnected(): Promise<void>;
  stop(): Promise<void>;
}

export function startPurgeListener(options: PurgeListenerOptions): PurgeListener {
  const log = options.log ?? ((line: string) => console.error(line));
  const firstDelay = options.retryDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const self = options.self ?? serverId();
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = firstDelay;
  let timer: NodeJS.Timeout | undefined;
  let connectedOnce = false;
  let waiters: (() => void)[] = [];
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== PURGE_CHANNEL || !message.payload) return;
    let parsed: z.infer<typeof messageSchema>;
    try {
      parsed = messageSchema.parse(JSON.parse(message.payload));
    } catch {
      log('[cache] ignored a malformed purge message');
      return;
    }
    if (parsed.from === self) return;
    options.onPurge({ tags: parsed.tags, paths: parsed.paths });
  };

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, maxDelay);
  };

  const connect = async () => {
    const current = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    client = current;
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      current.removeAllListeners('notification');
      current.end().catch(() => undefined);
      if (!stopped) {
        log(`[cache] purge listener lost its connection (${reason}); reconnecting`);
        scheduleReconnect();
      }
    };
    current.on('error', (error) => onLost(error.message));
    current.on('end', () => onLost('connection closed'));
    current.on('notification', onNotification);
    try {
      await current.connect();
      await current.query(`listen ${PURGE_CHANNEL}`);
    } catch (error) {
      onLost((error as Error).message);
      return;
    }
    if (stopped) {
      await current.end().catch(() => undefined);
      return;
    }
    delay = firstDelay;
    if (connectedOnce) {
      // Purges sent while this server was not listening are lost: forget everything.
      options.onPurge({ all: true });
      log('[cache] purge listener reconnected; local route cache dropped');
      for (const waiter of waiters) waiter();
      waiters = [];
    }
    connectedOnce = true;
    markReady();
  };

  void connect();

  return {
    ready,
    reconnected: () => new Promise<void>((resolve) => waiters.push(resolve)),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
