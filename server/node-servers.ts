import cluster, { type Worker } from 'node:cluster';

/**
 * Several node servers on one port (WEB_CONCURRENCY, on PostgreSQL only): one process renders
 * pages on one core, so a machine with more cores runs one server per core. node:cluster's
 * primary accepts the connections and hands each to a server in turn; it serves nothing
 * itself. What must hold across servers already lives in PostgreSQL (rate limits, sessions,
 * cache purges by NOTIFY, the realtime notifications read from the database), as it must for
 * several machines behind a balancer.
 *
 * Only the first server runs the scheduled jobs: they take an advisory lock, so more would be
 * safe, but each would wake every minute to find the lock taken.
 */

/** Set in a server's environment when it is the one that runs the scheduled jobs. */
const JOBS_SLOT = 'CRITICAL_HIT_RUNS_JOBS';

/** What the primary prints once every server listens (the bench waits for it). */
export const ALL_LISTENING = 'node servers listening';

/** Whether this process is one of several servers forked by the primary. */
export function isForkedServer(): boolean {
  return cluster.isWorker;
}

/** Whether this process runs the scheduled jobs: the only server, or the first of several. */
export function runsScheduledJobs(): boolean {
  return !cluster.isWorker || process.env[JOBS_SLOT] === '1';
}

/**
 * Forks `count` servers (each runs this same script) and keeps them running: a server that
 * dies is started again in its slot. On SIGINT or SIGTERM every server is told to stop, and
 * the primary exits once they all have.
 */
export function superviseServers(count: number, log: (message: string) => void = console.log): void {
  let stopping = false;
  let exitCode = 0;
  const slots = new Map<Worker, { slot: number; listened: boolean }>();
  const fork = (slot: number) => {
    const worker = cluster.fork({ [JOBS_SLOT]: slot === 0 ? '1' : '0' });
    slots.set(worker, { slot, listened: false });
  };
  cluster.on('exit', (worker, code, signal) => {
    const entry = slots.get(worker);
    slots.delete(worker);
    if (stopping) {
      if (slots.size === 0) process.exit(exitCode);
      return;
    }
    if (!entry) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (!entry.listened) {
      // A server that could not start (a port in use, a bad build) would fail the same way again.
      log(`[servers] server ${entry.slot + 1} exited at start (${how}): stopping`);
      exitCode = 1;
      stopAll();
      return;
    }
    log(`[servers] server ${entry.slot + 1} exited (${how}): starting it again`);
    fork(entry.slot);
  });
  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    if (slots.size === 0) process.exit(exitCode);
    for (const worker of slots.keys()) worker.kill('SIGTERM');
  };
  const listening = new Set<number>();
  cluster.on('listening', (worker) => {
    const entry = slots.get(worker);
    if (!entry) return;
    entry.listened = true;
    if (listening.has(entry.slot)) return;
    listening.add(entry.slot);
    if (listening.size === count) log(`[servers] ${count} ${ALL_LISTENING}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stopAll);
  for (let slot = 0; slot < count; slot += 1) fork(slot);
}
