import type { Tier } from '../../auth/tiers.ts';
import { createRandom } from '../random.ts';
import {
  DEMO_PLAYER_BIOS,
  DEMO_PLAYER_NAMES,
  DEMO_PLAYER_NOTE,
  REVIEW_DETAILS,
  REVIEW_OPENINGS,
  REVIEW_TITLES,
} from './community-words.ts';
import { between, isoDay, momentSince, pick, releasedAt, sample, skewedSample, type Random } from './community-draw.ts';
import {
  DAY,
  DEMO_COMMUNITY_SEED,
  DEMO_PLAYER_PREFIX,
  demoPlayerId,
  MINUTE,
  type CommunityGame,
  type CommunityInput,
  type CommunityPlan,
  type PlannedPlayer,
  type PlannedReview,
  type PlannedStatus,
  type PlannedVote,
  type PlayStatus,
} from './community-plan.ts';
import { planFollows, planLikes, planLists } from './community-social.ts';

/**
 * The demo community as a plan: invented players and what they did (statuses, reviews,
 * lists, likes, follows), each with the moment it happened, drawn from the demo catalogue
 * with the seeded random numbers. Pure: the same catalogue, outlets, accounts and `now`
 * give the same plan, and every moment is an offset before `now`, so a community seeded
 * today has the same shape as one seeded next year. community.server.ts writes it.
 */

const STATUS_WEIGHTS: readonly (readonly [PlayStatus, number])[] = [
  ['completed', 30],
  ['played', 20],
  ['playing', 12],
  ['backlog', 20],
  ['shelved', 8],
  ['abandoned', 10],
];

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
      joinedAt: new Date(now - between(random, 45, 560) * DAY - between(random, 0, 1439) * MINUTE),
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
        // Written within a week of the status, and before now.
        at: new Date(
          row.at.getTime() +
            Math.floor(
              Math.min(between(random, 10, 7 * 24 * 60) * MINUTE, (now - MINUTE - row.at.getTime()) * random()),
            ),
        ),
      });
    }
  }
  return reviews;
}

/** Helpful votes from other players (never the author), after the review, more on the better ones. */
function planVotes(random: Random, players: PlannedPlayer[], reviews: PlannedReview[], now: number): PlannedVote[] {
  return reviews.flatMap((review, index) =>
    sample(
      random,
      players.filter((player) => player.id !== review.userId),
      Math.floor(random() * (review.rating >= 8 ? 7 : 3)),
    ).map((voter) => ({
      review: index,
      userId: voter.id,
      at: momentSince(random, Math.max(review.at.getTime(), voter.joinedAt.getTime()), now),
    })),
  );
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
  const votes = planVotes(random, players, reviews, now);
  const lists = planLists(random, players, input.games, now);
  const likes = planLikes(random, players, lists, now);
  const { follows, outletFollows } = planFollows(random, input, players, now);
  return { players, statuses, reviews, votes, lists, likes, follows, outletFollows };
}
