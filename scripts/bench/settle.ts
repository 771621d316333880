// Waits until the server has finished the work the previous row left behind. When the load
// generator stops, the requests still in flight are not cancelled: on the embedded database
// 32 uncached pages take a second or more to drain (every query queues on one engine), and
// whatever row comes next would be measured against that work, not against its own. The
// server counts as settled when its processes (every thread: the event loop, the database's
// and the compression pool) used at most 4 % of a core over the last 250 ms. With several
// node servers (WEB_CONCURRENCY) the process the bench started only supervises: the work is
// in the servers it forked, so the whole tree is counted.
import { readdirSync, readFileSync } from 'node:fs';

const WINDOW_MS = 250;
const IDLE_SHARE = 0.04;
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time of one process in ms (user and system), or null where /proc cannot tell. */
function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return null;
  }
}

/** The processes `pid` started (and theirs), read from each of its threads' children lists. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue; // a thread that ended, or a kernel without the children list
    }
    for (const child of children.split(' ').filter(Boolean).map(Number)) found.push(child, ...descendants(child));
  }
  return found;
}

/** CPU time of a process and every process under it, in ms, or null where /proc cannot tell. */
export function treeCpuMs(pid: number): number | null {
  const own = processCpuMs(pid);
  if (own === null) return null;
  // A child that exits takes its time with it: the window it ends in reads as idle, and the
  // bench's servers do not exit while it measures.
  return descendants(pid).reduce((sum, child) => sum + (processCpuMs(child) ?? 0), own);
}

/** Resolves with how long it waited (ms); at most `maxMs`, and at once where /proc is missing. */
export async function settle(pid: number, maxMs = 15_000): Promise<number> {
  const started = performance.now();
  let before = treeCpuMs(pid);
  while (before !== null && performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const now = treeCpuMs(pid);
    if (now === null || now - before <= WINDOW_MS * IDLE_SHARE) break;
    before = now;
  }
  return performance.now() - started;
}
