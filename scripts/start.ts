// `npm start` (after `astro build`): checks the environment, prepares the database, then
// starts the built node server on HOST:PORT (default localhost:4321).
import { existsSync } from 'node:fs';
import { loadDotEnv } from '../src/lib/config/dotenv.ts';
import { EnvError, parseEnv } from '../src/lib/config/env.ts';
import { closeDatabase, getDatabase } from '../src/lib/db/db.server.ts';
import { isDatabaseUnavailable } from '../src/lib/db/errors.ts';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry)) {
  console.error('No build found in dist/: run `npm run build` first (`npm start` builds and starts).');
  process.exit(1);
}

loadDotEnv();

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}

try {
  // Opens, migrates and (on the first embedded start) seeds. The built server reuses this
  // connection: see the registry in src/lib/db/db.server.ts.
  const database = await getDatabase();
  console.log(`[db] ${database.kind} ready (${database.location})`);
} catch (error) {
  if (!isDatabaseUnavailable(error) || env.mode === 'embedded') {
    // An edited migration, a failed migration or a locked embedded database: refuse to start.
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  // A remote database that is down: serve 503 pages until it is back.
  console.error(`[db] not reachable yet (${(error as Error).message}); pages will answer 503 until it is.`);
}

process.env.HOST ??= 'localhost';
process.env.PORT ??= String(env.PORT);
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { startServer } = (await import(entry.href)) as { startServer: () => { server: { stop(): Promise<void> } } };
const { server } = startServer();

// Close cleanly on Ctrl+C or a stop signal: stop accepting requests, then close the
// database so PGlite flushes its files and releases its lock.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down`);
    void server
      .stop()
      .catch(() => undefined)
      .then(() => closeDatabase())
      .finally(() => process.exit(0));
  });
}
