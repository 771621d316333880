import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ThreadReply, ThreadRequest, ThreadStart } from './pglite-thread.server.ts';

/**
 * The embedded database's own thread (started by pglite-thread.server.ts): PGlite runs here,
 * so the WebAssembly Postgres working on a query never holds the server's event loop.
 * It speaks raw wire protocol: the main thread's pg client serialises and parses, this
 * thread only executes. Requests run one at a time, in arrival order.
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
      loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
    });
    reply({ id: 0, ok: true });
    return opened;
  } catch (error) {
    reply({ id: 0, ok: false, message: (error as Error).message });
    return null;
  }
}

async function handle(pglite: PGlite, request: ThreadRequest): Promise<void> {
  switch (request.op) {
    case 'exec': {
      // PGlite answers in a buffer it reuses: copy before handing the bytes over.
      const answer = (await pglite.execProtocolRaw(request.bytes)).slice();
      reply({ id: request.id, ok: true, bytes: answer }, [answer.buffer]);
      return;
    }
    case 'reset':
      // A client that went away inside a transaction must not leave it open for the next one
      // (a server backend rolls back when its connection closes; this is that rollback).
      if (pglite.isInTransaction()) await pglite.execProtocolRaw(simpleQuery('rollback'));
      reply({ id: request.id, ok: true });
      return;
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

/** A simple-protocol Query message ('Q', length, text, NUL). */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

const pglite = await open();
if (pglite) {
  let queue = Promise.resolve();
  port.on('message', (request: ThreadRequest) => {
    queue = queue.then(() =>
      handle(pglite, request).catch((error: unknown) => reply({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) })),
    );
  });
} else {
  port.close();
}
