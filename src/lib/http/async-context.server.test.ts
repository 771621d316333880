import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ASYNC_CONTEXT_FRAME_FLAG, asyncContextFramePlan } from './async-context.server.ts';

const facts = { nodeVersion: 'v22.23.3', execArgv: [], nodeOptions: undefined, restarted: false };

describe('asyncContextFramePlan', () => {
  it('restarts a Node 22 process started without the flag, once', () => {
    expect(asyncContextFramePlan(facts)).toBe('restart');
    expect(asyncContextFramePlan({ ...facts, restarted: true })).toBe('give-up');
  });

  it('leaves a process that has the flag, on the command line or in NODE_OPTIONS, or was told not to', () => {
    expect(asyncContextFramePlan({ ...facts, execArgv: ['--inspect', ASYNC_CONTEXT_FRAME_FLAG] })).toBe('has-it');
    expect(asyncContextFramePlan({ ...facts, nodeOptions: `--max-old-space-size=512 ${ASYNC_CONTEXT_FRAME_FLAG}` })).toBe('has-it');
    expect(asyncContextFramePlan({ ...facts, execArgv: ['--no-experimental-async-context-frame'] })).toBe('has-it');
  });

  it('leaves Node 24 and later, where the frame is the default', () => {
    expect(asyncContextFramePlan({ ...facts, nodeVersion: 'v24.1.0' })).toBe('has-it');
  });
});

describe("the server's entry (scripts/runtime.ts)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'async-context-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('turns a process started without the flag into one with it, keeping its pid, arguments and request context', () => {
    const runtime = fileURLToPath(new URL('../../../scripts/runtime.ts', import.meta.url));
    const probe = path.join(dir, 'probe.mjs');
    writeFileSync(
      probe,
      [
        `import ${JSON.stringify(runtime)};`,
        `import { AsyncLocalStorage } from 'node:async_hooks';`,
        `const context = new AsyncLocalStorage();`,
        `const seen = await context.run('request', async () => { await new Promise((resolve) => setTimeout(resolve, 1)); return context.getStore(); });`,
        `console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, argv: process.argv.slice(2), seen }));`,
      ].join('\n'),
    );
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    delete env.CRITICAL_HIT_ASYNC_CONTEXT_FRAME;
    const child = spawnSync(process.execPath, [probe, 'an-argument'], { env, encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    const printed = child.stdout.trim().split('\n');
    expect(printed).toHaveLength(1); // the probe ran once, in the replaced process
    const report = JSON.parse(printed[0]!) as { pid: number; execArgv: string[]; argv: string[]; seen: string };
    expect(report.pid).toBe(child.pid);
    expect(report.execArgv).toContain(ASYNC_CONTEXT_FRAME_FLAG);
    expect(report.argv).toEqual(['an-argument']);
    expect(report.seen).toBe('request');
  });
});
