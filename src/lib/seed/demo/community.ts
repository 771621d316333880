import type { Tier } from '../../auth/tiers.ts';
import { createRandom } from '../random.ts';
import {
  DEMO_LIST_IDEAS,
  DEMO_PLAYER_BIOS,
  DEMO_PLAYER_NAMES,
  DEMO_PLAYER_NOTE,
  REVIEW_DETAILS,
  REVIEW_OPENINGS,
  REVIEW_TITLES,
} from './community-words.ts';

/**
 * The demo community as a plan: invented players and what they did (statuses, reviews,
 * lists, likes, follows), each with the moment it happened, drawn from the demo catalogue
 * with the seeded random numbers. Pure: the same catalogue, outlets, accounts and `now`
 * give the same plan, and every moment is an offset before `now`, so a community seeded
 * today has the same shape as one seeded next year. community.server.ts writes it.
 */

export const DEMO_COMMUNITY_SEED = 38_2026;
export const DEMO_PLAYER_PREFIX = 'demo_';

const DAY = 86_400_000;
const MINUTE = 60_000;

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
  lists: PlannedList[];
  likes: PlannedLike[];
  follows: PlannedFollow[];
  outletFollows: PlannedOutletFollow[];
}

/** How the demo accounts take part: how many players and outlets each follows. */
const ACCOUNT_FOLLOWS: Readonly<Record<string, { players: number; outlets: number }>> = {
  demo_free: { players: 8, outlets: 3 },
  demo_adfree: { players: 4, outlets: 2 },
  demo_premium: { players: 6, outlets: 3 },
};

const STATUS_WEIGHTS: readonly (readonly [PlayStatus, number])[] = [
  ['completed', 30],
  ['played', 20],
  ['playing', 12],
  ['backlog', 20],
  ['shelved', 8],
  ['abandoned', 10],
];

type Random = () => number;

const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const releasedAt = (game: CommunityGame) =>
  game.releaseDate ? Date.parse(`${game.releaseDate}T00:00:00Z`) : Number.POSITIVE_INFINITY;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function between(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** `count` distinct items, in the order drawn (a partial Fisher-Yates shuffle of a copy). */
function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const taken = Math.min(count, pool.length);
  for (let i = 0; i < taken; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, taken);
}

/** `count` distinct items, the first ones far more often (a few popular games, a long tail). */
function skewedSample<T>(random: Random, ordered: readonly T[], count: number): T[] {
  const taken = new Set<number>();
  const wanted = Math.min(count, ordered.length);
  while (taken.size < wanted) taken.add(Math.floor(ordered.length * random() ** 2.5));
  return [...taken].map((index) => ordered[index]!);
}

/** A moment between `from` and `now` (ms), more likely recent: most activity is in the last weeks. */
function momentSince(random: Random, from: number, now: number): Date {
  const span = Math.max(0, now - MINUTE - from);
  return new Date(now - MINUTE - Math.floor(span * random() ** 2));
}

function tierOf(n: number): Tier {
  if (n % 3 === 1) return 'premium';
  return n % 5 === 0 ? 'ad_free' : 'free';
}

function planPlayers(random: Random, now: number): PlannedPlayer[] {
  return DEMO_PLAYER_NAMES.map(([handle, name], index) => {
    const n = index + 1;
    return {
      id: demoPlayerId(n),
      username: `${DEMO_PLAYER_PREFIX}${handle}`,
      fullName: `Demo player ${name}`,
      bio: `${pick(random, DEMO_PLAYER_BIOS)} ${DEMO_PLAYER_NOTE}`,
      tier: tierOf(n),
      // Two private profiles, so the demo shows what privacy hides.
      isPrivate: n === 12 || n === 29,
      joinedAt: new Date(now - between(random, 45, 330) * DAY - between(random, 0, 1439) * MINUTE),
    };
  });
}

function weightedStatus(random: Random): PlayStatus {
  let roll = random() * STATUS_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'completed';
}

function planStatuses(
  random: Random,
  players: PlannedPlayer[],
  games: readonly CommunityGame[],
  popular: readonly CommunityGame[],
  now: number,
) {
  const statuses: PlannedStatus[] = [];
  for (const player of players) {
    const joined = player.joinedAt.getTime();
    for (const game of skewedSample(random, popular, between(random, 10, 26))) {
      const status = weightedStatus(random);
      const at = momentSince(random, Math.max(joined, releasedAt(game) + 3 * DAY), now);
      const played = status !== 'backlog';
      const hours = played ? Math.round((2 + random() * (status === 'completed' ? 80 : 30)) * 10) / 10 : null;
      const startedOn = played ? isoDay(new Date(at.getTime() - between(random, 3, 60) * DAY)) : null;
      statuses.push({
        userId: player.id,
        gameId: game.id,
        status,
        wishlist: false,
        favourite: status === 'completed' && random() < 0.25,
        platformId: game.platformIds.length > 0 ? pick(random, game.platformIds) : null,
        hours,
        startedOn,
        finishedOn: status === 'completed' ? isoDay(at) : null,
        at,
      });
    }
    // A few games on the wishlist, unreleased ones first.
    const owned = new Set(statuses.filter((row) => row.userId === player.id).map((row) => row.gameId));
    const wanted = games.filter((game) => !owned.has(game.id) && releasedAt(game) > now);
    for (const game of sample(
      random,
      wanted.length > 0 ? wanted : games.filter((g) => !owned.has(g.id)),
      between(random, 1, 4),
    ))
      statuses.push({
        userId: player.id,
        gameId: game.id,
        status: null,
        wishlist: true,
        favourite: false,
        platformId: null,
        hours: null,
        startedOn: null,
        finishedOn: null,
        at: momentSince(random, joined, now),
      });
  }
  return statuses;
}

function band(rating: number): keyof typeof REVIEW_TITLES {
  if (rating <= 4) return 'low';
  return rating <= 7 ? 'mid' : 'high';
}

function planReviews(
  random: Random,
  players: PlannedPlayer[],
  statuses: PlannedStatus[],
  rank: Map<number, number>,
  now: number,
) {
  const reviews: PlannedReview[] = [];
  for (const player of players.filter((p) => p.tier === 'premium')) {
    // The popular games first, so a few gather enough ratings for a user score.
    const played = statuses
      .filter(
        (row) =>
          row.userId === player.id && row.status !== null && row.status !== 'backlog' && row.status !== 'playing',
      )
      .sort((a, b) => rank.get(a.gameId)! - rank.get(b.gameId)!);
    for (const row of skewedSample(random, played, between(random, 4, 8))) {
      // Each game's standing (about 4 to 9.5 of 10, from its place in the order), scattered by player.
      const quality = 9.5 - ((rank.get(row.gameId)! * 7919) % 56) / 10;
      const rating = Math.min(10, Math.max(1, Math.round(quality + (random() - 0.5) * 4)));
      const level = band(rating);
      const details = sample(random, REVIEW_DETAILS, 2).join(' ');
      reviews.push({
        userId: player.id,
        gameId: row.gameId,
        rating,
        title: pick(random, REVIEW_TITLES[level]),
        body: `${pick(random, REVIEW_OPENINGS[level])} ${details}`,
        platformId: row.platformId,
        hours: row.hours,
        finished: row.status === 'completed',
        at: new Date(Math.min(now - MINUTE, row.at.getTime() + between(random, 10, 7 * 24 * 60) * MINUTE)),
      });
    }
  }
  return reviews;
}

function planLists(random: Random, players: PlannedPlayer[], games: readonly CommunityGame[], now: number) {
  const upcoming = games.filter((game) => releasedAt(game) > now);
  return DEMO_LIST_IDEAS.map((idea, index): PlannedList => {
    // Lists go round the players, skipping every third so some players keep none.
    const owner = players[(index * 3 + Math.floor(index / 2)) % players.length]!;
    const source = idea.title === 'Most anticipated' && upcoming.length >= 5 ? upcoming : games;
    return {
      userId: owner.id,
      title: idea.title,
      slug: idea.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      description: idea.description,
      visibility: index % 9 === 4 ? 'unlisted' : index % 11 === 7 ? 'private' : 'public',
      ranked: idea.ranked,
      at: momentSince(random, owner.joinedAt.getTime(), now - 2 * DAY),
      gameIds: sample(random, source, between(random, 5, 12)).map((game) => game.id),
    };
  });
}

function planLikes(random: Random, players: PlannedPlayer[], lists: PlannedList[], now: number): PlannedLike[] {
  const privateIds = new Set(players.filter((p) => p.isPrivate).map((p) => p.id));
  return lists.flatMap((list, index) => {
    if (list.visibility === 'private' || privateIds.has(list.userId)) return [];
    const likers = sample(
      random,
      players.filter((p) => p.id !== list.userId),
      between(random, 0, 12),
    );
    const from = list.at.getTime() + list.gameIds.length * MINUTE;
    return likers.map((liker) => ({
      list: index,
      userId: liker.id,
      at: momentSince(random, Math.max(from, liker.joinedAt.getTime()), now),
    }));
  });
}

function planFollows(random: Random, input: CommunityInput, players: PlannedPlayer[], now: number) {
  const followable = players.filter((p) => !p.isPrivate);
  const follows: PlannedFollow[] = [];
  const outletFollows: PlannedOutletFollow[] = [];
  for (const player of players) {
    for (const followed of sample(
      random,
      followable.filter((p) => p.id !== player.id),
      between(random, 2, 9),
    ))
      follows.push({
        followerId: player.id,
        followedId: followed.id,
        at: momentSince(random, Math.max(player.joinedAt.getTime(), followed.joinedAt.getTime()), now),
      });
    for (const outlet of sample(random, input.outlets, between(random, 1, 4)))
      outletFollows.push({
        userId: player.id,
        outletId: outlet.id,
        at: momentSince(random, player.joinedAt.getTime(), now),
      });
  }
  // The demo accounts follow the busiest public players, so their dashboards have a feed at once.
  const busiest = [...followable].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime());
  for (const account of input.accounts) {
    const share = ACCOUNT_FOLLOWS[account.username];
    if (!share) continue;
    for (const followed of busiest.slice(0, share.players))
      follows.push({ followerId: account.id, followedId: followed.id, at: new Date(now) });
    for (const outlet of input.outlets.slice(0, share.outlets))
      outletFollows.push({ userId: account.id, outletId: outlet.id, at: new Date(now) });
  }
  return { follows, outletFollows };
}

export function planDemoCommunity(input: CommunityInput): CommunityPlan {
  const random = createRandom(input.seed ?? DEMO_COMMUNITY_SEED);
  const now = input.now.getTime();
  const players = planPlayers(random, now);
  // Released at least three days ago, in an invented order of popularity.
  const released = input.games.filter((game) => releasedAt(game) <= now - 3 * DAY);
  const popular = sample(random, released, released.length);
  const rank = new Map(popular.map((game, index) => [game.id, index]));
  const statuses = planStatuses(random, players, input.games, popular, now);
  const reviews = planReviews(random, players, statuses, rank, now);
  const lists = planLists(random, players, input.games, now);
  const likes = planLikes(random, players, lists, now);
  const { follows, outletFollows } = planFollows(random, input, players, now);
  return { players, statuses, reviews, lists, likes, follows, outletFollows };
}
