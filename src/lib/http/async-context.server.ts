/**
 * The node server runs with Node's AsyncContextFrame, the implementation of
 * AsyncLocalStorage that Node 24 uses by default and Node 22 behind
 * `--experimental-async-context-frame`.
 *
 * The Astro node adapter renders every request inside `AsyncLocalStorage.run`. Without the
 * frame, Node 22 implements that with async_hooks: the first `run` installs a promise hook,
 * and from then on every promise the process creates (a page render makes thousands) calls
 * into it. With the frame, the store travels with V8's continuation data and no hook runs.
 * An uncached game page took about a tenth less node CPU (docs/decisions/node-render-cost.md).
 *
 * `ensureAsyncContextFrame()` makes the current process such a process: on Node 22 started
 * without the flag it replaces itself with the same command plus the flag (`process.execve`:
 * same pid, same stdio, same environment), so every way of starting the server gets it
 * (npm scripts, the bench, the tests, a process manager) and the servers node:cluster forks
 * inherit it. Call it before anything else is loaded: the process starts over.
 */

export const ASYNC_CONTEXT_FRAME_FLAG = '--experimental-async-context-frame';

/** Set on the replacing process, so a runtime that ignores the flag cannot loop. */
const RESTARTED = 'CRITICAL_HIT_ASYNC_CONTEXT_FRAME';

export interface RuntimeFacts {
  nodeVersion: string;
  execArgv: readonly string[];
  nodeOptions: string | undefined;
  restarted: boolean;
}

/**
 * What to do about the flag in a process with these facts: nothing (Node 24 and later have the
 * frame by default; the flag is already there, or was asked for and not honoured), or restart.
 */
export function asyncContextFramePlan(facts: RuntimeFacts): 'has-it' | 'restart' | 'give-up' {
  const major = Number(facts.nodeVersion.replace(/^v/, '').split('.')[0]);
  if (major >= 24) return 'has-it';
  const flags = [...facts.execArgv, ...(facts.nodeOptions ?? '').split(/\s+/)];
  if (flags.includes(ASYNC_CONTEXT_FRAME_FLAG) || flags.includes('--no-experimental-async-context-frame')) return 'has-it';
  return facts.restarted ? 'give-up' : 'restart';
}

export function ensureAsyncContextFrame(): void {
  const plan = asyncContextFramePlan({
    nodeVersion: process.version,
    execArgv: process.execArgv,
    nodeOptions: process.env.NODE_OPTIONS,
    restarted: process.env[RESTARTED] === '1',
  });
  if (plan === 'has-it') return;
  if (plan === 'give-up' || typeof process.execve !== 'function') {
    console.warn(`[node] running without ${ASYNC_CONTEXT_FRAME_FLAG}: every promise pays for the adapter's request context`);
    return;
  }
  process.execve(process.execPath, [process.execPath, ASYNC_CONTEXT_FRAME_FLAG, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    [RESTARTED]: '1',
  });
}
