import { EventEmitter } from 'node:events';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { DatabaseUnavailableError } from './errors.ts';
import { namingClient } from './prepared-statements.server.ts';

/**
 * PGlite in a worker thread, behind a pg pool (docs/decisions/embedded-database-thread.md).
 * The engine executes raw wire protocol in its thread; node-postgres on this side
 * serialises queries and parses the answers exactly as it does over a socket, so result
 * types and DatabaseError codes are those of any PostgreSQL. Each pool client is a session
 * of its own to the thread, which runs their statements in arrival order, except that an
 * open transaction keeps the engine for its session until it ends.
 */

// Bytes that crossed the port are backed by a plain ArrayBuffer (what Blob and transfer need).
type Bytes = Uint8Array<ArrayBuffer>;

export interface ThreadStart {
  dataDir: string;
  loadDataDir?: Bytes | undefined;
}

export type ThreadRequest =
  | { id: number; op: 'exec'; session: number; bytes: Bytes }
  | { id: number; op: 'release'; session: number; statements: string[] }
  | { id: number; op: 'ping' | 'close' }
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' };

export type ThreadReply = { id: number; ok: true; bytes?: Bytes } | { id: number; ok: false; message: string };

type Ask =
  | { op: 'exec'; session: number; bytes: Bytes }
  | { op: 'release'; session: number; statements: string[] }
  | { op: 'ping' | 'close' }
  | { op: 'dump'; compression: 'none' | 'gzip' };

// Resolved from the working directory, as the migrations are: the built server bundle never
// opens the embedded database itself (scripts/start.ts does, before loading it).
const WORKER_FILE = path.resolve(process.cwd(), 'src/lib/db/pglite-worker.server.ts');

export interface PgliteThread {
  /** A new session id (one per pool client). */
  session(): number;
  /** Runs a session's wire-protocol messages; resolves with the engine's answer. */
  exec(session: number, bytes: Bytes): Promise<Uint8Array>;
  /** The session has ended: rolls back a transaction it left open and drops its prepared statements. */
  release(session: number, statements: string[]): Promise<void>;
  /**
   * Resolves when the engine is up: at once when it answered within the last second (it is
   * working through the queue), otherwise when it answers between two statements.
   */
  ping(): Promise<void>;
  dumpDataDir(compression: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
}

export async function startPgliteThread(dataDir: string, loadDataDir?: Blob): Promise<PgliteThread> {
  const template = loadDataDir ? new Uint8Array(await loadDataDir.arrayBuffer()) : undefined;
  const start: ThreadStart = { dataDir, loadDataDir: template };
  const worker = new Worker(WORKER_FILE, { workerData: start, transferList: template ? [template.buffer] : [] });
  const pending = new Map<number, { resolve: (reply: ThreadReply & { ok: true }) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let nextSession = 1;
  let answeredAt = -Infinity;
  let stopped: Error | null = null;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiter of pending.values()) waiter.reject(stopped);
    pending.clear();
  };
  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  const settle = (reply: ThreadReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiter.resolve(reply);
    else if (reply.id === 0) waiter.reject(new DatabaseUnavailableError(`Could not open the embedded database in ${dataDir}: ${reply.message}`));
    else waiter.reject(new Error(reply.message));
  };
  // One answer per turn of the event loop. Node empties a port's whole queue in one go, and
  // each answer resumes a request that runs on (rendering its page) before the next is
  // handed over: several answers in a row would run several pages' work back to back with
  // no socket read between them, so a health check or a cache hit beside a busy database
  // waited for all of it. Handing them over from setImmediate, one at a time, lets the
  // event loop poll the network between any two.
  const answers: ThreadReply[] = [];
  const handOver = () => {
    const reply = answers.shift();
    if (answers.length > 0) setImmediate(handOver);
    if (reply) settle(reply);
  };
  worker.on('message', (reply: ThreadReply) => {
    answeredAt = performance.now();
    answers.push(reply);
    if (answers.length === 1) setImmediate(handOver);
  });
  worker.on('error', (error) => {
    console.error(`[db] the embedded database thread failed: ${error.message}`);
    stop(new DatabaseUnavailableError(`The embedded database stopped: ${error.message}`, { cause: error }));
  });
  worker.on('exit', (code) => stop(new DatabaseUnavailableError(`PGlite is closed (its thread exited with code ${code}).`)));
  await opened;

  const ask = (message: Ask): Promise<ThreadReply & { ok: true }> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    // Referenced only while waiting for an answer: an idle database does not keep a script alive.
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message } satisfies ThreadRequest, message.op === 'exec' ? [message.bytes.buffer] : []);
    });
  };
  worker.unref();

  return {
    session: () => nextSession++,
    exec: async (session, bytes) => (await ask({ op: 'exec', session, bytes })).bytes ?? new Uint8Array(0),
    release: async (session, statements) => void (await ask({ op: 'release', session, statements })),
    async ping() {
      if (stopped) throw stopped;
      if (performance.now() - answeredAt < 1000) return;
      await ask({ op: 'ping' });
    },
    dumpDataDir: async (compression) => new Blob([(await ask({ op: 'dump', compression })).bytes ?? new Uint8Array(0)]),
    async close() {
      if (stopped) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      await ask({ op: 'close' });
      worker.ref(); // until it has exited: the engine flushes its files on the way out
      await exited;
    },
  };
}

/**
 * What node-postgres' Client expects of its `connection`, over the thread instead of a
 * socket. Messages are collected until Sync, Flush or a simple Query (what a socket would
 * carry in one write), so a query is one round trip to the thread, not five.
 */
class ThreadConnection extends EventEmitter {
  _connecting = false;
  parsedStatements: Record<string, unknown> = {};
  submittedNamedStatements: Record<string, unknown> = {};
  readonly stream = { destroy: () => this.#finish(null) };
  readonly #thread: PgliteThread;
  readonly #session: number;
  readonly #parser = new Parser();
  #batch: Buffer[] = [];
  #chain: Promise<void> = Promise.resolve();
  #ended = false;

  constructor(thread: PgliteThread) {
    super();
    this.#thread = thread;
    this.#session = thread.session();
  }

  /**
   * The engine is one backend for every session, so a statement prepared by one is visible to
   * all: each session names its own (`t3_q…`), which node-postgres then tracks per client as
   * it does on a socket of its own, and the thread drops them when the session ends.
   */
  get statementPrefix(): string {
    return `t${this.#session}_`;
  }

  connect(): void {
    this._connecting = true;
    this.#queue(async () => {
      await this.#thread.ping();
      this.emit('readyForQuery', { name: 'readyForQuery', length: 5, status: 'I' });
    });
  }

  // The engine runs in this process, trusted: no TLS, no password, no cancel key.
  requestSsl(): void {}
  startup(): void {}
  password(): void {}
  cancel(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    this.#send(serialize.query(text));
  }
  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.#batch.push(serialize.parse(query));
  }
  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.#batch.push(serialize.bind(config));
  }
  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#batch.push(serialize.execute(config));
  }
  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#batch.push(serialize.describe(message));
  }
  close(message: Parameters<typeof serialize.close>[0]): void {
    this.#batch.push(serialize.close(message));
  }
  flush(): void {
    this.#send(serialize.flush());
  }
  sync(): void {
    this.#send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#batch.push(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message));
  }
  end(): void {
    this.#queue(async () => this.#finish(null));
  }

  #send(last: Buffer): void {
    // A fresh buffer of its own (small Buffers share a pool), so it can be transferred.
    const bytes = new Uint8Array(Buffer.concat([...this.#batch, last]));
    this.#batch = [];
    this.#queue(async () => {
      const answer = await this.#thread.exec(this.#session, bytes);
      this.#parser.parse(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength), (message: BackendMessage) => {
        if (this.listenerCount('message') > 0) this.emit('message', message);
        this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
      });
    });
  }

  /** Runs steps in order; nothing more reaches the thread once this connection has ended. */
  #queue(step: () => Promise<void>): void {
    this.#chain = this.#chain.then(async () => {
      if (this.#ended) return;
      try {
        await step();
      } catch (error) {
        this.#finish(error as Error);
      }
    });
  }

  /** Ends the connection as a closing socket does: 'error' first when it failed, then 'end'. */
  #finish(error: Error | null): void {
    if (this.#ended) return;
    this.#ended = true;
    // After everything this session sent: the thread runs a session's requests in order.
    this.#thread.release(this.#session, Object.keys(this.parsedStatements)).catch(() => undefined);
    if (error) this.emit('error', error);
    this.emit('end');
  }
}

/**
 * A pg pool over the thread. Several clients keep the thread's queue filled (the engine
 * never waits for this thread to hand it the next statement while a page renders); the
 * thread still runs one statement at a time, and a transaction has the engine to itself.
 */
export function poolOverThread(thread: PgliteThread, max = 8): pg.Pool {
  class ThreadClient extends pg.Client {
    constructor() {
      super({ user: 'postgres', database: 'postgres', connection: new ThreadConnection(thread) } as pg.ClientConfig);
    }
  }
  return new pg.Pool({ max, idleTimeoutMillis: 0, Client: namingClient(ThreadClient) });
}
