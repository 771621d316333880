import { describe, expect, it } from 'vitest';
import { chunked, nextStepSize } from './bounded-steps.ts';

const options = { initial: 5, min: 1, max: 100, targetMs: 20 };

describe('steps sized by how long the last one took', () => {
  it('grows a quick step at most twofold, shrinks a slow one at most by half, within the bounds', () => {
    expect(nextStepSize(10, 1, options)).toBe(20);
    expect(nextStepSize(10, 20, options)).toBe(10);
    expect(nextStepSize(10, 30, options)).toBe(6);
    expect(nextStepSize(10, 10_000, options)).toBe(5);
    expect(nextStepSize(80, 1, options)).toBe(100);
    expect(nextStepSize(1, 10_000, options)).toBe(1);
    expect(nextStepSize(10, 0, options)).toBe(20);
  });

  it('cuts the items into consecutive runs of the sizes asked for, each item once', () => {
    const sizes = [2, 3, 1, 10];
    const runs = [...chunked([1, 2, 3, 4, 5, 6, 7, 8], () => sizes.shift() ?? 1)];
    expect(runs).toEqual([[1, 2], [3, 4, 5], [6], [7, 8]]);
    expect([...chunked([], () => 3)]).toEqual([]);
  });
});
