// The checkouts a comparison runs (scripts/bench-compare.ts): this one, and an older commit's
// in a temporary git worktree with its own node_modules, each built by its own `npm run build`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, treeNode, type Tree } from './processes.ts';

const git = (args: string[], cwd = process.cwd()): string => run('git', args, { cwd }).trim();

/** A commit's full hash, or an error naming the revision that is not one. */
export function resolveCommit(rev: string): string {
  const result = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`--compare ${rev}: not a commit of this repository`);
  return result.stdout.trim();
}

/** "81ab29d (HEAD~3): its subject". */
export function describeCommit(commit: string, rev?: string): string {
  const short = git(['rev-parse', '--short', commit]);
  const subject = git(['log', '-1', '--format=%s', commit]);
  return `${short}${rev && rev !== short ? ` (${rev})` : ''}: ${subject.length > 90 ? `${subject.slice(0, 89)}…` : subject}`;
}

/** This checkout as it is on disk, uncommitted changes included (and said). */
export function currentTree(): Tree {
  const changed = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  const label = `${describeCommit('HEAD')}${changed ? ' (with uncommitted changes)' : ''}`;
  return { dir: process.cwd(), node: process.execPath, label };
}

export interface OlderTree extends Tree {
  /** Removes the worktree (its build and node_modules with it). */
  remove(): void;
}

/**
 * `commit` checked out into a temporary git worktree. Its node_modules are this checkout's,
 * hard-linked (a second copy of the same files, made in seconds), when the two lock files are
 * identical; otherwise `npm ci` installs its own, as a fresh clone of that commit would get them.
 */
export function checkoutOlderTree(commit: string, label: string): OlderTree {
  const dir = path.join(os.tmpdir(), `critical-hit-bench-${commit.slice(0, 12)}`);
  const remove = () => {
    if (existsSync(dir)) console.log(`== removing ${dir}`);
    spawnSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { stdio: 'ignore' });
  };
  remove(); // what an interrupted comparison left
  console.log(`== checkout: ${label} into ${dir}`);
  git(['worktree', 'add', '--detach', dir, commit]);
  try {
    const lock = (folder: string) => readFileSync(path.join(folder, 'package-lock.json'), 'utf8');
    if (existsSync('node_modules') && lock(dir) === lock(process.cwd())) {
      console.log('   node_modules: the same lock file, hard-linked from this checkout');
      run('cp', ['-al', path.resolve('node_modules'), path.join(dir, 'node_modules')]);
    } else {
      console.log('   node_modules: another lock file, npm ci');
      run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir });
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, node: treeNode(dir), label, remove };
}

/** Builds a checkout as `npm start` does (`npm run build`, its own script). */
export function buildTree(tree: Tree): void {
  console.log(`== build: ${tree.label}`);
  run('npm', ['run', 'build', '--silent'], { cwd: tree.dir });
}

/** The migration files of a checkout, name and text, in order. */
function migrations(tree: Tree): [string, string][] {
  const dir = path.join(tree.dir, 'supabase', 'migrations');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]);
}

/** The PGlite a checkout installed (its embedded database's engine and data format). */
function pgliteVersion(tree: Tree): string {
  const file = path.join(tree.dir, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * Why two checkouts cannot run on one data set, or null when they can: each refuses a
 * database that recorded a migration it does not have (the newer one's, or the squashed
 * chain's), so their migrations must be the same files; on the embedded database the same
 * PGlite must also read the other's data folder.
 */
export function cannotShareDataSet(a: Tree, b: Tree, embedded: boolean): string | null {
  if (JSON.stringify(migrations(a)) !== JSON.stringify(migrations(b)))
    return 'their migrations differ, and each refuses a database that recorded a migration it does not have';
  if (embedded && pgliteVersion(a) !== pgliteVersion(b))
    return `their PGlite versions differ (${pgliteVersion(a)} and ${pgliteVersion(b)})`;
  return null;
}
