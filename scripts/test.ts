// `npm test`: every test, in phases, each timed. The unit and integration tests run beside
// `astro check` then the build (each of those mostly keeps one core busy, and the two must
// not run together: both write .astro/); the browser journeys need the build and the whole
// machine, so they run last, alone. Lines of the phases running together are prefixed with
// the phase's name. A failed phase does not stop the others (but the journeys need a build);
// the summary lists each phase's duration and result, and the exit code is 1 if any failed.
import { spawn } from 'node:child_process';

interface Result {
  phase: string;
  seconds: number;
  ok: boolean;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results: Result[] = [];

function run(phase: string, script: string, prefix: boolean): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    if (prefix) {
      for (const stream of [child.stdout!, child.stderr!]) {
        let rest = '';
        stream.on('data', (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop()!;
          for (const line of lines) process.stdout.write(`[${phase}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${phase}] ${rest}\n`));
      }
    }
    child.on('close', (code) => {
      const result = { phase, seconds: (performance.now() - started) / 1000, ok: code === 0 };
      console.log(`[${phase}] ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`);
      results.push(result);
      resolve(result);
    });
  });
}

async function inOrder(...phases: [string, string][]): Promise<Result[]> {
  const done: Result[] = [];
  for (const [phase, script] of phases) done.push(await run(phase, script, true));
  return done;
}

const started = performance.now();
const [, checkAndBuild] = await Promise.all([
  run('unit', 'test:unit', true),
  inOrder(['check', 'check'], ['build', 'build']),
]);
if (checkAndBuild.find(({ phase }) => phase === 'build')?.ok) await run('e2e', 'test:e2e', false);
else results.push({ phase: 'e2e', seconds: 0, ok: false });

console.log('\nPhase durations:');
for (const { phase, seconds, ok } of results)
  console.log(
    `  ${phase.padEnd(6)} ${seconds.toFixed(0).padStart(5)} s  ${ok ? 'passed' : seconds === 0 ? 'not run (no build)' : 'FAILED'}`,
  );
console.log(`  total  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
process.exitCode = results.every(({ ok }) => ok) ? 0 : 1;
