import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  sessionStatementPrefix,
  type ThreadReply,
  type ThreadRequest,
  type ThreadStart,
} from './pglite-thread.server.ts';

/**
 * The embedded database's own thread (started by pglite-thread.server.ts): PGlite runs here,
 * so the WebAssembly Postgres working on a query never holds the server's event loop.
 * It speaks raw wire protocol: the main thread's pg clients serialise and parse, this
 * thread only executes, one request at a time, in arrival order, except that while one
 * session's transaction is open only that session's requests run (the engine has one
 * session: anything else would run inside that transaction).
 */

if (!parentPort) throw new Error('pglite-worker.server.ts runs as a worker thread (see pglite-thread.server.ts)');
const port = parentPort;
const start = workerData as ThreadStart;

function reply(message: ThreadReply, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

async function open(): Promise<PGlite | null> {
  try {
    const opened = await PGlite.create(start.dataDir, {
      extensions: { pg_trgm },
      loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir], { type: start.loadDataDirType ?? '' }) : undefined,
    });
    reply({ id: 0, ok: true });
    return opened;
  } catch (error) {
    reply({ id: 0, ok: false, message: (error as Error).message });
    return null;
  }
}

/** The session whose transaction is open; null when the engine is between transactions. */
let owner: number | null = null;

async function handle(pglite: PGlite, request: ThreadRequest): Promise<void> {
  switch (request.op) {
    case 'exec': {
      // PGlite answers in a buffer it reuses: copy before handing the bytes over.
      const answer = (await pglite.execProtocolRaw(request.bytes)).slice();
      owner = pglite.isInTransaction() ? request.session : null;
      reply({ id: request.id, ok: true, bytes: answer }, [answer.buffer]);
      return;
    }
    case 'release': {
      // A client that went away inside its transaction must not leave it open for the others
      // (a server backend rolls back when its connection closes; this is that rollback).
      if (owner === request.session) {
        if (pglite.isInTransaction()) await pglite.exec('rollback');
        owner = null;
      }
      // Its prepared statements go with it, as a backend's do.
      const { rows } = await pglite.query<{ name: string }>(
        'select name from pg_prepared_statements where starts_with(name, $1)',
        [sessionStatementPrefix(request.session)],
      );
      for (const { name } of rows) await pglite.exec(`deallocate "${name}"`);
      reply({ id: request.id, ok: true });
      return;
    }
    case 'ping':
      await pglite.waitReady;
      if (pglite.closed) throw new Error('PGlite is closed');
      reply({ id: request.id, ok: true });
      return;
    case 'dump': {
      const file = await pglite.dumpDataDir(request.compression);
      const bytes = new Uint8Array(await file.arrayBuffer());
      reply({ id: request.id, ok: true, bytes }, [bytes.buffer]);
      return;
    }
    case 'close':
      await pglite.close();
      reply({ id: request.id, ok: true });
      port.close();
      return;
  }
}

const waiting: ThreadRequest[] = [];
let running = false;

/** The next request that may run: a ping first (it answers between two statements), else the oldest one the open transaction allows. */
function next(): ThreadRequest | undefined {
  let index = waiting.findIndex((request) => request.op === 'ping');
  if (index < 0)
    index = waiting.findIndex((request) => owner === null || !('session' in request) || request.session === owner);
  return index < 0 ? undefined : waiting.splice(index, 1)[0];
}

async function drain(pglite: PGlite): Promise<void> {
  if (running) return;
  running = true;
  for (let request = next(); request; request = next()) {
    await handle(pglite, request).catch((error: unknown) =>
      reply({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  }
  running = false;
}

const pglite = await open();
if (pglite) {
  port.on('message', (request: ThreadRequest) => {
    waiting.push(request);
    void drain(pglite);
  });
} else {
  port.close();
}
