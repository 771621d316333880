/**
 * The seeded random numbers behind the demo data and the synthetic catalogue: the same
 * seed always gives the same sequence, so generated data is reproducible byte for byte.
 */

/** mulberry32: tiny, fast, and good enough to spread benchmark data around. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
