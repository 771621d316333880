// `npm start` (after `astro build`): checks the environment, prepares the database, then
// starts the built site behind the node server of server/ on HOST:PORT (default localhost:4321).
import { existsSync } from 'node:fs';
import { isForkedServer, superviseServers } from '../server/node-servers.ts';
import { serve } from '../server/serve.ts';
import { loadDotEnv } from '../src/lib/config/dotenv.ts';
import { EnvError, parseEnv, type Env } from '../src/lib/config/env.ts';
import { closeDatabase, getDatabase } from '../src/lib/db/db.server.ts';
import { isDatabaseUnavailable } from '../src/lib/db/errors.ts';
import { seedOnFirstStart } from '../src/lib/seed/demo/seed.server.ts';

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
  await serve(env, entry);
}

/** Opens and migrates the database, and loads the demo on the embedded database's first start. */
async function prepareDatabase(env: Env): Promise<void> {
  try {
    // The built server reuses this connection: see the registry in src/lib/db/db.server.ts.
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
