import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Embargo release on the request path. A review written with a future published_at is
 * left out of its game's aggregate until then; release_due_critic_reviews() counts the
 * ones whose time has come and says when the next is due. The server remembers that time
 * and calls the function again only once it has passed (or after RECHECK_MS, to notice
 * embargoed reviews written by another process), so almost every request pays nothing.
 */

const RECHECK_MS = 60_000;

interface EmbargoState {
  /** Epoch ms of the next embargo lift; Infinity when none is waiting. */
  nextDueAt: number;
  checkedAt: number;
  running?: Promise<number> | undefined;
}

const STATE = Symbol.for('critical-hit.embargo');

function state(): EmbargoState {
  const holder = globalThis as typeof globalThis & { [STATE]?: EmbargoState };
  holder[STATE] ??= { nextDueAt: 0, checkedAt: 0 };
  return holder[STATE];
}

/** Counts reviews whose embargo has lifted; returns the next lift (epoch ms, Infinity if none). */
export async function releaseDueReviews(db: Kysely<Database>, now: number = Date.now()): Promise<number> {
  const current = state();
  if (now < current.nextDueAt && now - current.checkedAt < RECHECK_MS) return current.nextDueAt;
  current.running ??= sql<{ next: Date | null }>`select public.release_due_critic_reviews() as next`
    .execute(db)
    .then((result) => {
      const next = result.rows[0]?.next;
      current.nextDueAt = next ? new Date(next).getTime() : Number.POSITIVE_INFINITY;
      current.checkedAt = now;
      return current.nextDueAt;
    })
    .finally(() => {
      current.running = undefined;
    });
  return current.running;
}

/** A write just scheduled (or moved) an embargo: check again on the next request. */
export function embargoScheduleChanged(): void {
  state().nextDueAt = 0;
}

/** Seconds from `now` until the next embargo lifts (Infinity when none is waiting). */
export function secondsUntilNextEmbargo(now: number = Date.now()): number {
  const { nextDueAt } = state();
  return nextDueAt === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : Math.max(1, Math.ceil((nextDueAt - now) / 1000));
}
