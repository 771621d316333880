// The commands the bench runs in a checkout of the site (its build, its data generator, the
// bench's preparation and XP steps): in that checkout's folder, with the node its own
// package.json pins, output read for the one-line JSON results the steps print.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A checkout the bench builds and runs: the one it runs from, or an older commit's (tree.ts). */
export interface Tree {
  /** Its folder (absolute). */
  dir: string;
  /** The node that runs its scripts and its server. */
  node: string;
  /** What the report calls it: a commit and its subject. */
  label: string;
}

/**
 * The node a checkout pins through its `node` devDependency (what `npm run` puts first on its
 * PATH), else the one running the bench.
 */
export function treeNode(dir: string): string {
  const pinned = path.join(dir, 'node_modules', '.bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
}

/** Runs a command to its end, its errors shown as they come; returns what it printed. */
export function run(command: string, args: string[], { cwd, env = {} }: RunOptions = {}): string {
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed${cwd ? ` in ${cwd}` : ''}`);
  return result.stdout;
}

/** The JSON of the line `output` starts with `tag` (BENCH_PLAN, GENERATED_PARTS...). */
export function tagged(output: string, tag: string): unknown {
  const line = output.split('\n').find((text) => text.startsWith(`${tag} `));
  if (line === undefined) throw new Error(`no ${tag} line in the output`);
  return JSON.parse(line.slice(tag.length + 1));
}

/** The machine the figures were measured on, for the report. */
export const describeMachine = (): string =>
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.platform()} ${os.release()}`;
