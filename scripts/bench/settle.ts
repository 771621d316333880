// Waits until the server has finished the work the previous row left behind. When the load
// generator stops, the requests still in flight are not cancelled: on the embedded database
// 32 uncached pages take a second or more to drain (every query queues on one engine), and
// whatever row comes next would be measured against that work, not against its own. The
// server counts as settled when its process (every thread: the event loop, the database's
// and the compression pool) used at most 4 % of a core over the last 250 ms.
import { readFileSync } from 'node:fs';

const WINDOW_MS = 250;
const IDLE_SHARE = 0.04;
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time of a process in ms (user and system), or null where /proc cannot tell. */
function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return null;
  }
}

/** Resolves with how long it waited (ms); at most `maxMs`, and at once where /proc is missing. */
export async function settle(pid: number, maxMs = 15_000): Promise<number> {
  const started = performance.now();
  let before = cpuMs(pid);
  while (before !== null && performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const now = cpuMs(pid);
    if (now === null || now - before <= WINDOW_MS * IDLE_SHARE) break;
    before = now;
  }
  return performance.now() - started;
}
