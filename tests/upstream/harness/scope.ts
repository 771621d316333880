import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach } from 'vitest';
import type { RunnerTask, RunnerTestFile, RunnerTestSuite } from 'vitest';
import { OUT_OF_SCOPE, REASONS } from './out-of-scope.ts';
import { UPSTREAM } from './resolve.ts';

/**
 * Setup of each vendored auth-js test file: skips the tests listed in out-of-scope.ts (by
 * full name, with their reason as the skip note), and fails the file when a listed test is
 * not in it any more (or the list names a file that is not vendored), so the list never
 * hides a renamed or removed test.
 */

const isFile = (task: RunnerTask | RunnerTestFile): task is RunnerTestFile => 'filepath' in task;

/** "describe > … > test", as out-of-scope.ts names tests. */
function fullName(task: RunnerTask): string {
  const names: string[] = [];
  for (let current: RunnerTask | undefined = task; current && !isFile(current); current = current.suite)
    names.unshift(current.name);
  return names.join(' > ');
}

function testsIn(suite: RunnerTestSuite | RunnerTestFile): string[] {
  return suite.tasks.flatMap((task) => (task.type === 'suite' ? testsIn(task) : [fullName(task)]));
}

const listedIn = (file: RunnerTestFile) => {
  const relative = path.relative(path.join(UPSTREAM, 'test'), file.filepath);
  return new Map(OUT_OF_SCOPE.filter(([listed]) => listed === relative).map(([, test, reason]) => [test, reason]));
};

const unknownFiles = [...new Set(OUT_OF_SCOPE.map(([file]) => file))].filter(
  (file) => !existsSync(path.join(UPSTREAM, 'test', file)),
);
if (unknownFiles.length > 0)
  throw new Error(
    `tests/upstream/harness/out-of-scope.ts names files that are not vendored: ${unknownFiles.join(', ')}`,
  );

let listed = new Map<string, keyof typeof REASONS>();

// A setup file's hooks belong to the test file itself: `suite` is the file.
// eslint-disable-next-line no-empty-pattern -- vitest reads a hook's fixtures from this pattern; it takes none
beforeAll(({}, suite) => {
  const file = suite as RunnerTestFile;
  listed = listedIn(file);
  const present = new Set(testsIn(file));
  const missing = [...listed.keys()].filter((test) => !present.has(test));
  if (missing.length > 0) {
    throw new Error(
      `tests/upstream/harness/out-of-scope.ts lists tests that ${path.basename(file.filepath)} no longer has:\n  ${missing.join('\n  ')}`,
    );
  }
});

beforeEach((context) => {
  const reason = listed.get(fullName(context.task));
  if (reason) context.skip(`out of scope: ${REASONS[reason]}`);
});
