import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { treeCpuMs } from './settle.ts';

// A parent that only waits, over a child that burns CPU until killed: the shape of the
// bench's server with WEB_CONCURRENCY (a supervisor and the servers it forked).
const PARENT = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
process.on('SIGTERM', () => { child.kill('SIGKILL'); process.exit(0); });
setInterval(() => {}, 1000);
`;

let parent: ChildProcess | undefined;
afterEach(() => {
  parent?.kill('SIGTERM');
  parent = undefined;
});

function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out'));
      else setTimeout(poll, 20);
    };
    poll();
  });
}

describe.skipIf(!existsSync('/proc/self/stat'))('treeCpuMs', () => {
  it("counts the CPU of the processes a supervisor forked, not only the supervisor's", async () => {
    parent = spawn(process.execPath, ['-e', PARENT], { stdio: 'ignore' });
    const pid = parent.pid!;
    const start = treeCpuMs(pid)!;
    // The busy child alone accounts for the growth: the parent's own time stays near its start-up cost.
    await until(() => (treeCpuMs(pid) ?? 0) - start >= 200);
    expect(treeCpuMs(pid)! - start).toBeGreaterThanOrEqual(200);
  });

  it('is null for a process that does not exist', () => {
    expect(treeCpuMs(2 ** 22 + 12345)).toBeNull();
  });
});
