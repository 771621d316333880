import type { CommunityGame } from './community-plan.ts';
import { MINUTE } from './community-plan.ts';

/** Drawing from the seeded random numbers (src/lib/seed/random.ts) for the demo community's plan. */

export type Random = () => number;

export const isoDay = (at: Date) => at.toISOString().slice(0, 10);
export const releasedAt = (game: CommunityGame) =>
  game.releaseDate ? Date.parse(`${game.releaseDate}T00:00:00Z`) : Number.POSITIVE_INFINITY;

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export function between(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** `count` distinct items, in the order drawn (a partial Fisher-Yates shuffle of a copy). */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const taken = Math.min(count, pool.length);
  for (let i = 0; i < taken; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, taken);
}

/** `count` distinct items, the first ones far more often (a few popular games, a long tail). */
export function skewedSample<T>(random: Random, ordered: readonly T[], count: number): T[] {
  const taken = new Set<number>();
  const wanted = Math.min(count, ordered.length);
  while (taken.size < wanted) taken.add(Math.floor(ordered.length * random() ** 2.5));
  return [...taken].map((index) => ordered[index]!);
}

/** A moment between `from` and `now` (ms), more likely recent: most activity is in the last weeks. */
export function momentSince(random: Random, from: number, now: number): Date {
  const span = Math.max(0, now - MINUTE - from);
  return new Date(now - MINUTE - Math.floor(span * random() ** 1.6));
}
