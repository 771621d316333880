import path from 'node:path';
import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { DatabaseUnavailableError } from './errors.ts';
import { namingClient } from './prepared-statements.server.ts';

/**
 * PGlite in a worker thread, behind a pg pool (docs/decisions/embedded-database-thread.md).
 * Each pool client talks to the thread through a socket of its own: a Duplex stream given
 * to node-postgres as its `stream` (a public option of pg.Client), which carries the wire
 * protocol to the engine and its answers back. node-postgres serialises and parses exactly
 * as over TCP, so result types and DatabaseError codes are those of any PostgreSQL. Each
 * client is a session of its own to the thread, which runs their statements in arrival
 * order, except that an open transaction keeps the engine for its session until it ends.
 */

// Bytes that crossed the port are backed by a plain ArrayBuffer (what Blob and transfer need).
type Bytes = Uint8Array<ArrayBuffer>;

export interface ThreadStart {
  dataDir: string;
  loadDataDir?: Bytes | undefined;
  /** The tarball's media type (application/x-gzip for a compressed one), as the Blob had it. */
  loadDataDirType?: string | undefined;
}

type Ask =
  | { op: 'exec'; session: number; bytes: Bytes }
  | { op: 'release'; session: number }
  | { op: 'ping' | 'close' }
  | { op: 'dump'; compression: 'none' | 'gzip' };

export type ThreadRequest = Ask & { id: number };
export type ThreadReply = { id: number; ok: true; bytes?: Bytes } | { id: number; ok: false; message: string };

// Resolved from the working directory, as the migrations are: the built server bundle never
// opens the embedded database itself (scripts/start.ts does, before loading it).
const WORKER_FILE = path.resolve(process.cwd(), 'src/lib/db/pglite-worker.server.ts');

/** The prefix of the statements a session prepares: the engine is one backend for every session. */
export const sessionStatementPrefix = (session: number) => `t${session}_`;

export interface PgliteThread {
  /** A new session id (one per pool client). */
  session(): number;
  /** Runs a session's wire-protocol messages; resolves with the engine's answer. */
  exec(session: number, bytes: Bytes): Promise<Uint8Array>;
  /** The session has ended: rolls back a transaction it left open and drops its prepared statements. */
  release(session: number): Promise<void>;
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
  const start: ThreadStart = { dataDir, loadDataDir: template, loadDataDirType: loadDataDir?.type };
  const worker = new Worker(WORKER_FILE, { workerData: start, transferList: template ? [template.buffer] : [] });
  const pending = new Map<
    number,
    { resolve: (reply: ThreadReply & { ok: true }) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let nextSession = 1;
  let answeredAt = -Infinity;
  let stopped: Error | null = null;
  let exitCode: number | null = null;

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
    else if (reply.id === 0)
      waiter.reject(
        new DatabaseUnavailableError(`Could not open the embedded database in ${dataDir}: ${reply.message}`),
      );
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
  worker.on('error', (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[db] the embedded database thread failed: ${message}`);
    stop(new DatabaseUnavailableError(`The embedded database stopped: ${message}`, { cause: error }));
  });
  worker.on('exit', (code) => {
    exitCode = code;
    stop(new DatabaseUnavailableError(`PGlite is closed (its thread exited with code ${code}).`));
  });
  await opened;

  const ask = (message: Ask): Promise<ThreadReply & { ok: true }> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    // Referenced only while waiting for an answer: an idle database does not keep a script alive.
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage(
        { id, ...message } satisfies ThreadRequest,
        message.op === 'exec' ? [message.bytes.buffer] : [],
      );
    });
  };
  worker.unref();

  return {
    session: () => nextSession++,
    exec: async (session, bytes) => (await ask({ op: 'exec', session, bytes })).bytes ?? new Uint8Array(0),
    release: async (session) => void (await ask({ op: 'release', session })),
    async ping() {
      if (stopped) throw stopped;
      if (performance.now() - answeredAt < 1000) return;
      await ask({ op: 'ping' });
    },
    dumpDataDir: async (compression) => new Blob([(await ask({ op: 'dump', compression })).bytes ?? new Uint8Array(0)]),
    async close() {
      if (stopped) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      await ask({ op: 'close' }).catch((error: unknown) => {
        // The thread answers, then exits, and the answer is handed over a turn later: a clean
        // exit that overtakes it is the same answer.
        if (exitCode !== 0) throw error;
      });
      worker.ref(); // until it has exited: the engine flushes its files on the way out
      await exited;
    },
  };
}

// Frontend messages after which the client waits for an answer: Sync, Flush, a simple Query,
// and the end or failure of a COPY. Terminate ('X') ends the session instead of reaching the engine.
const ROUND_ENDS = new Set(['S', 'H', 'Q', 'c', 'f']);

/** The type of the last message in `bytes` (one write of node-postgres: whole messages), or null for a startup packet. */
function lastMessageType(bytes: Buffer, started: boolean): string | null {
  if (!started) return null;
  let type = '';
  for (let at = 0; at + 5 <= bytes.length; at += 1 + bytes.readInt32BE(at + 1)) type = String.fromCharCode(bytes[at]!);
  return type;
}

/**
 * The socket of one pool client: a session of its own to the thread. Messages are collected
 * until one the client waits after (what a socket would carry in one flight), so a query is
 * one round trip to the thread, not one per message.
 */
class ThreadSocket extends Duplex {
  readonly session: number;
  readonly #thread: PgliteThread;
  #batch: Buffer[] = [];
  #started = false;
  #released = false;

  constructor(thread: PgliteThread) {
    super();
    this.#thread = thread;
    this.session = thread.session();
  }

  // What node-postgres asks of a socket. The engine runs in this process, trusted: no TLS,
  // no password, no keep-alive.
  connect(): this {
    queueMicrotask(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    const type = lastMessageType(chunk, this.#started);
    if (type === 'X') return done();
    this.#batch.push(chunk);
    if (type !== null && !ROUND_ENDS.has(type)) return done();
    this.#started = true;
    // A fresh buffer of its own (small Buffers share a pool), so it can be transferred.
    const bytes = new Uint8Array(Buffer.concat(this.#batch));
    this.#batch = [];
    this.#thread.exec(this.session, bytes).then(
      (answer) => this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength)),
      (error: Error) => this.destroy(error),
    );
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.#release();
    this.push(null);
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.#release();
    done(error);
  }

  /** After everything this session sent: the thread runs a session's requests in order. */
  #release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#thread.release(this.session).catch(() => undefined);
  }
}

/**
 * A pg pool over the thread. Several clients keep the thread's queue filled (the engine
 * never waits for this thread to hand it the next statement while a page renders); the
 * thread still runs one statement at a time, and a transaction has the engine to itself.
 */
export function poolOverThread(thread: PgliteThread, max = 8): pg.Pool {
  class ThreadClient extends pg.Client {
    /** Read by namingClient: statements are named per session, since the engine is shared. */
    readonly statementPrefix: string;
    constructor() {
      const socket = new ThreadSocket(thread);
      super({ user: 'postgres', database: 'postgres', stream: () => socket });
      this.statementPrefix = sessionStatementPrefix(socket.session);
    }
  }
  return new pg.Pool({ max, idleTimeoutMillis: 0, Client: namingClient(ThreadClient) });
}
