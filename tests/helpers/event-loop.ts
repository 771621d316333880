/**
 * Runs `work` while a 5 ms timer ticks: how often it ticked, the longest the event loop went
 * without a tick, and how long `work` took. Work that keeps the loop free leaves short gaps.
 */
export async function whileTicking(
  work: () => Promise<unknown>,
): Promise<{ ticks: number; longestGap: number; took: number }> {
  let ticks = 0;
  let last = performance.now();
  let longestGap = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    ticks += 1;
  }, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const took = performance.now() - started;
  return { ticks, longestGap: Math.max(longestGap, performance.now() - last), took };
}
