// `npm start` (after `astro build`): checks the environment, prepares the database, then
// starts the built node server on HOST:PORT (default localhost:4321).
import './runtime.ts';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { handleHealth } from '../functions/health.ts';
import { startBackgroundWork } from '../functions/jobs/background.ts';
import { createLocalRealtime } from '../functions/realtime/index.ts';
import { compressResponses } from '../src/lib/http/compression.server.ts';
import { admitRenders, DEFAULT_ADMISSION } from '../src/lib/http/render-admission.server.ts';
import { StandardReasonResponse } from '../src/lib/http/reason-phrases.server.ts';
import { serveRouteCacheHits } from '../src/lib/http/route-cache-hits.server.ts';
import { serveStaticFiles } from '../src/lib/http/static-files.server.ts';
import { boundRequests } from '../src/lib/http/request-bounds.server.ts';
import { isForkedServer, runsScheduledJobs, superviseServers } from '../src/lib/http/node-servers.server.ts';
import { loadDotEnv } from '../src/lib/config/dotenv.ts';
import { EnvError, parseEnv, type Env } from '../src/lib/config/env.ts';
import { closeDatabase, getDatabase } from '../src/lib/db/db.server.ts';
import { isDatabaseUnavailable } from '../src/lib/db/errors.ts';
import { seedOnFirstStart } from '../src/lib/seed/demo/seed.server.ts';
import { commonSecurityHeaders, securityOptions, staticFileCsp } from '../src/lib/http/security-headers.server.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry)) {
  console.error('No build found in dist/: run `npm run build` first (`npm start` builds and starts).');
  process.exit(1);
}

loadDotEnv();

let env: Env;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}

// With several servers (WEB_CONCURRENCY, PostgreSQL only) the primary prepares the database
// once and then only supervises; the servers it forks go straight to serving.
if (!isForkedServer()) await prepareDatabase(env);
if (env.WEB_CONCURRENCY > 1 && !isForkedServer()) {
  await closeDatabase();
  superviseServers(env.WEB_CONCURRENCY);
} else {
  await serve(env);
}

/** Opens and migrates the database, and loads the demo on the embedded database's first start. */
async function prepareDatabase(env: Env): Promise<void> {
  try {
    // Opens and migrates. The built server reuses this connection: see the registry in
    // src/lib/db/db.server.ts.
    const database = await getDatabase();
    console.log(`[db] ${database.kind} ready (${database.location})`);
    await seedOnFirstStart(database.db, env.mode, (message) => console.log(`[seed] ${message}`));
  } catch (error) {
    if (!isDatabaseUnavailable(error) || env.mode === 'embedded') {
      // An edited migration, a failed migration or a locked embedded database: refuse to start.
      console.error(`Cannot start: ${(error as Error).message}`);
      process.exit(1);
    }
    // A remote database that is down: serve 503 pages until it is back.
    console.error(`[db] not reachable yet (${(error as Error).message}); pages will answer 503 until it is.`);
  }
}

/** One node server: the built site behind our own HTTP layers, the realtime service and, on the first server, the jobs. */
async function serve(env: Env): Promise<void> {
  const host = process.env.HOST || 'localhost';
  const port = Number(process.env.PORT) || env.PORT;
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  // The adapter's handler (the app alone: the adapter is in middleware mode) behind our own
  // HTTP server, so that security headers are on every answer (also the early 405 and 413),
  // request bodies are bounded before anything reads them, static files go out with the
  // brotli and gzip copies the build made, fresh route-cache hits go out as stored (encoded
  // once), the renders left take turns (a few at once, in arrival order) and are compressed
  // off the event loop: the adapter's own server does none of these
  // (docs/decisions/compress-once.md, docs/decisions/render-admission.md).
  const { handler } = (await import(entry.href)) as { handler: Handler };
  const clientDir = fileURLToPath(new URL('../dist/client/', import.meta.url));
  // Every status with its standard reason phrase, whatever a layer set (reason-phrases.server.ts).
  const server = http.createServer(
    { ServerResponse: StandardReasonResponse },
    withSecurityHeaders(
      boundRequests(
        serveHealthCheck(
          serveStaticFiles(
            clientDir,
            serveRouteCacheHits(admitRenders(compressResponses(handler), { ...DEFAULT_ADMISSION, concurrency: env.RENDER_CONCURRENCY })),
          ),
        ),
      ),
      env,
    ),
  );
  server.keepAliveTimeout = 65_000;
  // The local Realtime service (notifications live) on /realtime/v1/websocket; null with hosted Supabase.
  const realtime = createLocalRealtime();
  server.on('upgrade', (req, socket, head) => {
    if (!realtime?.handleUpgrade(req, socket, head)) socket.destroy();
  });
  server.listen(port, host, () => console.log(`Server listening on http://${host}:${port}`));

  // Every server hears the other servers' purges; the scheduled jobs run on one server (the
  // only one, or the first of several).
  const background = startBackgroundWork(env, { scheduledJobs: runsScheduledJobs() });

  // Close cleanly on Ctrl+C or a stop signal: stop accepting requests and the scheduled jobs,
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
        .catch(() => undefined)
        .then(() => background.stop())
        .then(() => closeDatabase())
        .finally(() => process.exit(0));
    });
  }
}

/**
 * GET|HEAD /api/health answered before Astro, like static files and cache hits: a load
 * balancer's probe must not wait behind the pages the server is rendering. The same
 * handler as the route (src/pages/api/health.ts), which still answers other methods.
 */
function serveHealthCheck(next: Handler): Handler {
  return (req, res) => {
    if ((req.url ?? '').split('?')[0] !== '/api/health' || (req.method !== 'GET' && req.method !== 'HEAD')) return next(req, res);
    handleHealth().then(
      async (response) => {
        const body = Buffer.from(await response.arrayBuffer());
        res.statusCode = response.status;
        response.headers.forEach((value, name) => res.setHeader(name, value));
        res.setHeader('Cache-Control', 'private, no-store');
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => next(req, res),
    );
  };
}

/**
 * The security headers every answer carries (src/lib/http/security-headers.server.ts),
 * set before the adapter runs: static files get them as they are, and Astro's answers
 * replace any it sets itself (a page's own Content Security Policy).
 */
function withSecurityHeaders(next: Handler, config: Env): Handler {
  const headers = commonSecurityHeaders(securityOptions(config));
  return (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', staticFileCsp((req.url ?? '/').split('?')[0]!));
    next(req, res);
  };
}
