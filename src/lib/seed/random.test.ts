import { describe, expect, it } from 'vitest';
import { createRandom } from './random.ts';

describe('createRandom', () => {
  it('repeats its sequence for a seed and stays within [0, 1)', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    expect(first.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(new Set(first).size).toBeGreaterThan(990);
    const c = createRandom(8);
    expect(Array.from({ length: 10 }, () => c())).not.toEqual(first.slice(0, 10));
  });
});
