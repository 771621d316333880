import type { Tier } from '../../auth/tiers.ts';
import { DEMO_PLAYER_NAMES } from './community-words.ts';

/** The shapes of the demo community's plan (community.ts draws it, community.server.ts writes it). */

export const DEMO_COMMUNITY_SEED = 38_2026;
export const DEMO_PLAYER_PREFIX = 'demo_';

export const DAY = 86_400_000;
export const MINUTE = 60_000;

/** The n-th demo player's id (1-based): a fixed UUID, so the plan can name players before they exist. */
export function demoPlayerId(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > DEMO_PLAYER_NAMES.length) throw new RangeError(`No demo player ${n}.`);
  return `de000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
}

export interface CommunityGame {
  id: number;
  slug: string;
  /** yyyy-mm-dd, or null when not announced. */
  releaseDate: string | null;
  platformIds: readonly number[];
}

export interface CommunityInput {
  /** In a stable order (by slug): the plan picks games by position. */
  games: readonly CommunityGame[];
  outlets: readonly { id: number; slug: string }[];
  /** The demo accounts present (username and id), which follow some players and outlets. */
  accounts: readonly { id: string; username: string }[];
  now: Date;
  seed?: number;
}

export interface PlannedPlayer {
  id: string;
  username: string;
  fullName: string;
  bio: string;
  tier: Tier;
  isPrivate: boolean;
  joinedAt: Date;
}

export type PlayStatus = 'playing' | 'played' | 'completed' | 'backlog' | 'shelved' | 'abandoned';

export interface PlannedStatus {
  userId: string;
  gameId: number;
  status: PlayStatus | null;
  wishlist: boolean;
  favourite: boolean;
  platformId: number | null;
  hours: number | null;
  startedOn: string | null;
  finishedOn: string | null;
  at: Date;
}

export interface PlannedReview {
  userId: string;
  gameId: number;
  rating: number;
  title: string;
  body: string;
  platformId: number | null;
  hours: number | null;
  finished: boolean;
  at: Date;
}

export interface PlannedList {
  userId: string;
  title: string;
  slug: string;
  description: string;
  visibility: 'public' | 'unlisted' | 'private';
  ranked: boolean;
  at: Date;
  /** In position order; each added a minute after the one before. */
  gameIds: number[];
}

export interface PlannedLike {
  /** Index into `lists`. */
  list: number;
  userId: string;
  at: Date;
}

export interface PlannedVote {
  /** Index into `reviews`: a helpful vote on it. */
  review: number;
  userId: string;
  at: Date;
}

export interface PlannedFollow {
  followerId: string;
  followedId: string;
  at: Date;
}

export interface PlannedOutletFollow {
  userId: string;
  outletId: number;
  at: Date;
}

export interface CommunityPlan {
  players: PlannedPlayer[];
  statuses: PlannedStatus[];
  reviews: PlannedReview[];
  votes: PlannedVote[];
  lists: PlannedList[];
  likes: PlannedLike[];
  follows: PlannedFollow[];
  outletFollows: PlannedOutletFollow[];
}
