/**
 * Long work (an import, a rebuild) done in steps whose size follows how long the last one
 * took, so that no step holds the database for long whatever the machine, the data set or
 * the load: the embedded database runs one statement at a time, and every other request
 * waits for the step in progress (docs/decisions/long-work.md).
 */

export interface StepOptions {
  /** Items in the first step. */
  initial: number;
  min: number;
  max: number;
  /** What one step should take, ms. */
  targetMs: number;
}

/** The next step's size from the last one's: scaled towards the target, at most doubled, at least halved. */
export function nextStepSize(size: number, tookMs: number, options: StepOptions): number {
  const ratio = tookMs <= 0 ? 2 : options.targetMs / tookMs;
  const scaled = Math.floor(size * Math.min(2, Math.max(0.5, ratio)));
  return Math.min(options.max, Math.max(options.min, scaled));
}

/** `items` cut into consecutive runs of the sizes `sizeOf` gives, as it is asked: for tests and the runner alike. */
export function* chunked<T>(items: readonly T[], sizeOf: () => number): Generator<readonly T[]> {
  for (let start = 0; start < items.length;) {
    const size = Math.max(1, sizeOf());
    yield items.slice(start, start + size);
    start += size;
  }
}
