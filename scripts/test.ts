// `npm test`: every test, in phases, each timed. The phases share the machine: the unit and
// integration tests from the start; `astro check`, the build and then the browser journeys
// beside them (check and build must not run together: both write .astro/); the lint (ESLint,
// then Prettier's check) as soon as the build is done, since it reads the types check
// generates and must not read .astro/ while the build writes it. Started early, the lint
// shares the cores with the other phases instead of running alone on one once they are done.
// Every line a phase prints is prefixed with its name. A failed phase does not stop the others
// (but the journeys need a build); the summary repeats the last lines of each failed phase (a
// CI log is often read from its end, where the phases' own output is interleaved), lists each
// phase's duration and result, and the exit code is 1 if any failed.
import { spawn } from 'node:child_process';

interface Result {
  phase: string;
  seconds: number;
  ok: boolean;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results: Result[] = [];
/** The last lines each phase printed, kept to repeat a failed phase's own summary at the end. */
const TAIL_LINES = 120;
const tails = new Map<string, string[]>();

function print(phase: string, line: string): void {
  process.stdout.write(`[${phase}] ${line}\n`);
  const tail = tails.get(phase) ?? [];
  tail.push(line);
  if (tail.length > TAIL_LINES) tail.shift();
  tails.set(phase, tail);
}

/** Runs the npm scripts of `phase` one after the other; the phase passes if every one did. */
async function run(phase: string, ...scripts: string[]): Promise<Result> {
  const started = performance.now();
  let ok = true;
  for (const script of scripts) ok = (await runScript(phase, script)) && ok;
  const result = { phase, seconds: (performance.now() - started) / 1000, ok };
  console.log(`[${phase}] ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`);
  results.push(result);
  return result;
}

function runScript(phase: string, script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop()!;
        for (const line of lines) print(phase, line);
      });
      stream.on('end', () => rest && print(phase, rest));
    }
    child.on('close', (code) => resolve(code === 0));
  });
}

const started = performance.now();
const unit = run('unit', 'test:unit');
async function checkBuildAndTheRest(): Promise<void> {
  await run('check', 'check');
  const build = await run('build', 'build');
  const lint = run('lint', 'lint', 'format:check');
  if (build.ok) await run('e2e', 'test:e2e');
  else results.push({ phase: 'e2e', seconds: 0, ok: false });
  await lint;
}
await Promise.all([unit, checkBuildAndTheRest()]);

for (const { phase, ok, seconds } of results) {
  if (ok || seconds === 0) continue;
  console.log(`\nThe last lines the failed phase "${phase}" printed:`);
  for (const line of tails.get(phase) ?? []) console.log(`  ${line}`);
}
console.log('\nPhase durations:');
for (const { phase, seconds, ok } of results)
  console.log(
    `  ${phase.padEnd(6)} ${seconds.toFixed(0).padStart(5)} s  ${ok ? 'passed' : seconds === 0 ? 'not run (no build)' : 'FAILED'}`,
  );
console.log(`  total  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`);
process.exitCode = results.every(({ ok }) => ok) ? 0 : 1;
