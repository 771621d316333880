import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { expect } from '@playwright/test';

/**
 * Extra servers some specs start beside the e2e server: the built site (scripts/start.ts)
 * with an environment of their own, on a port the system hands out (so parallel runs in
 * other checkouts never collide).
 */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface SiteServer {
  origin: string;
  process: ChildProcess;
  /** Everything the server printed, for assertions about its logs. */
  output: () => string;
  /** Is the process still running? */
  alive: () => boolean;
  stop: () => Promise<void>;
}

/**
 * Starts the built site with `env` and waits until /api/health answers `healthStatus` (a
 * first start on a new embedded database loads the demo first: give it `timeout`).
 */
export async function startSite(
  env: Record<string, string>,
  healthStatus = 200,
  timeout = 60_000,
): Promise<SiteServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: origin, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  await expect
    .poll(
      async () => {
        if (!alive()) throw new Error(`the server exited:\n${output}`);
        return (await fetch(`${origin}/api/health`).catch(() => undefined))?.status;
      },
      { timeout },
    )
    .toBe(healthStatus);
  return {
    origin,
    process: child,
    output: () => output,
    alive,
    stop: async () => {
      if (!alive()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A server that does not finish shutting down in time is killed.
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
