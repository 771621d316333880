import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startBackgroundWork } from '../functions/jobs/background.ts';
import { createLocalRealtime } from '../functions/realtime/index.ts';
import type { Env } from '../src/lib/config/env.ts';
import { closeDatabase } from '../src/lib/db/db.server.ts';
import { createNodeServer } from './http-server.ts';
import { runsScheduledJobs } from './node-servers.ts';
import { startPurgeListener } from './purge-listener.ts';
import { pageStore } from './page-store.ts';

/**
 * One node server on HOST:PORT: the built site (`entry`, dist/server/entry.mjs, beside
 * dist/client) behind the layers of http-server.ts, the local realtime service, the purge
 * listener and, on the first server, the scheduled jobs; stopped cleanly by SIGINT or SIGTERM.
 */
export async function serve(env: Env, entry: URL): Promise<void> {
  const host = process.env.HOST || 'localhost';
  const port = Number(process.env.PORT) || env.PORT;
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = (await import(entry.href)) as { handler: (req: IncomingMessage, res: ServerResponse) => void };
  const server = createNodeServer({ app: handler, clientDir: fileURLToPath(new URL('../client/', entry)), env });
  // The local Realtime service (notifications live) on /realtime/v1/websocket; null with hosted Supabase.
  const realtime = createLocalRealtime();
  server.on('upgrade', (req, socket, head) => {
    if (!realtime?.handleUpgrade(req, socket, head)) socket.destroy();
  });
  server.listen(port, host, () => console.log(`Server listening on http://${host}:${port}`));

  // The scheduled jobs run on one server (the only one, or the first of several); every
  // server hears the others' purges, since each has a page cache of its own.
  const background = startBackgroundWork(env, { scheduledJobs: runsScheduledJobs() });
  const listenUrl = env.DATABASE_LISTEN_URL ?? env.DATABASE_URL;
  const listener = listenUrl
    ? startPurgeListener({ connectionString: listenUrl, onPurge: (request) => pageStore().purge(request) })
    : undefined;

  // Close cleanly on Ctrl+C or a stop signal: stop accepting requests and the background work,
  // then close the database so PGlite flushes its files and releases its lock.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: shutting down`);
      realtime?.close();
      server.closeAllConnections();
      void new Promise<void>((resolve) => server.close(() => resolve()))
        .then(() => Promise.all([background.stop(), listener?.stop()]))
        .then(() => closeDatabase())
        .finally(() => process.exit(0));
    });
  }
}
