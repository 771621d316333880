import { z } from 'zod';

/** POST/DELETE /api/follows body: an outlet by id or slug, or a player by id or username. */
export const followTargetSchema = z.union([
  z.object({ outletId: z.number().int().positive() }).strict(),
  z.object({ outletSlug: z.string().min(1).max(80) }).strict(),
  z.object({ userId: z.uuid() }).strict(),
  z.object({ username: z.string().min(3).max(20) }).strict(),
]);
export type FollowTarget = z.infer<typeof followTargetSchema>;

export interface FollowState {
  following: boolean;
  /** Null where the count is not public: a private profile's followers. */
  followers: number | null;
  /** The signed-in user is the player asked about (no follow button for oneself). */
  self?: true;
}

/**
 * The one look of a follow control, wherever it is (profiles, outlet pages, review rows, the
 * outlets table) and whether it is the island's button or the sign-in link it replaces:
 * a small primary button to follow, a secondary one once followed.
 */
export function followButtonClass(following: boolean): string {
  return `btn ${following ? 'btn-secondary' : 'btn-primary'} h-8 px-3 py-1 text-sm`;
}

export const OUTLET_FEED_PAGE_SIZE = 20;
/** "Your outlets" needs at least this many followed outlets that reviewed the game. */
export const YOUR_OUTLETS_MIN_REVIEWS = 3;
