import { setTimeout as sleep } from 'node:timers/promises';
import { chunked, nextStepSize, type StepOptions } from './bounded-steps.ts';

export type { StepOptions };

// Steps aimed at about 20 ms each: a page of several statements waits at most a few of them.
// The first step is small, because it also pays for planning and for compiling functions.
/** Lookups by key over an index (titles, slugs): cheap per item. */
export const LOOKUP_STEPS: StepOptions = { initial: 200, min: 10, max: 5000, targetMs: 20 };
/** Similarity searches: a few items per step. */
export const SEARCH_STEPS: StepOptions = { initial: 5, min: 1, max: 500, targetMs: 20 };
/** Writes with their triggers and XP: a few rows per step at first. */
export const WRITE_STEPS: StepOptions = { initial: 5, min: 1, max: 1000, targetMs: 20 };

/**
 * Runs `step` over `items` in consecutive runs sized by `nextStepSize`, each its own call
 * (its own statement or short transaction), and after each one waits as long as it took:
 * on the embedded database the other requests' statements queue behind a step, and the
 * pause lets a page's next statements run before the next step instead of after it.
 */
export async function runInSteps<T>(items: readonly T[], step: (chunk: readonly T[]) => Promise<void>, options: StepOptions): Promise<void> {
  let size = options.initial;
  for (const chunk of chunked(items, () => size)) {
    const started = performance.now();
    await step(chunk);
    const took = performance.now() - started;
    size = nextStepSize(chunk.length, took, options);
    await sleep(Math.min(took, 4 * options.targetMs));
  }
}
