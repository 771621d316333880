import { setTimeout as sleep } from 'node:timers/promises';
import { chunked, nextStepSize, type StepOptions } from './bounded-steps.ts';

export type { StepOptions };

// Steps aimed at about 40 ms each, so a page of several statements waits for one or two of
// them. The first step is small, because it also pays for planning and for compiling
// functions; no step is smaller than a few items, because a step also costs its round trips
// to the database, which on a busy machine take longer than the work (steps of one row
// then spent most of their time waiting to be scheduled).
/** Lookups by key over an index (titles, slugs): cheap per item. */
export const LOOKUP_STEPS: StepOptions = { initial: 200, min: 50, max: 5000, targetMs: 40 };
/** Similarity searches: a few items per step. */
export const SEARCH_STEPS: StepOptions = { initial: 5, min: 5, max: 500, targetMs: 40 };
/** Statements that each do a whole unit of work (one table's VACUUM): one a step. */
export const ONE_AT_A_TIME: StepOptions = { initial: 1, min: 1, max: 1, targetMs: 40 };
/** Units that each read many rows (an outlet's reviews): from one a step, more while steps stay short. */
export const READ_HEAVY_STEPS: StepOptions = { initial: 1, min: 1, max: 500, targetMs: 40 };
/** Writes with their triggers and XP. */
export const WRITE_STEPS: StepOptions = { initial: 10, min: 10, max: 1000, targetMs: 40 };

/**
 * Runs `step` over `items` in consecutive runs sized by `nextStepSize`, each its own call
 * (its own statement or short transaction), and after each one waits as long as it took:
 * on the embedded database the other requests' statements queue behind a step, and the
 * pause lets a page's next statements run before the next step instead of after it.
 */
export async function runInSteps<T>(
  items: readonly T[],
  step: (chunk: readonly T[]) => Promise<void>,
  options: StepOptions,
): Promise<void> {
  let size = options.initial;
  for (const chunk of chunked(items, () => size)) {
    const started = performance.now();
    await step(chunk);
    const took = performance.now() - started;
    size = nextStepSize(chunk.length, took, options);
    await sleep(Math.min(took, 4 * options.targetMs));
  }
}
