import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER_PREFIX, demoPlayerId, type CommunityGame, type CommunityInput } from './community-plan.ts';
import { planDemoCommunity } from './community.ts';

const DAY = 86_400_000;
const now = new Date('2026-06-15T12:00:00Z');

/** 120 games released before `at` and 8 upcoming ones, with one or two platforms each. */
const catalogue = (at: Date): CommunityGame[] =>
  Array.from({ length: 128 }, (_, i) => ({
    id: i + 1,
    slug: `game-${String(i).padStart(3, '0')}`,
    releaseDate: new Date(at.getTime() + (i < 120 ? -(30 + i * 20) : 40 + i) * DAY).toISOString().slice(0, 10),
    platformIds: [1 + (i % 4), 5 + (i % 3)].slice(0, 1 + (i % 2)),
  }));
const games = catalogue(now);
const input = (at: Date = now): CommunityInput => ({
  games: catalogue(at),
  outlets: Array.from({ length: 6 }, (_, i) => ({ id: 100 + i, slug: `outlet-${i}` })),
  accounts: [
    { id: '00000000-0000-4000-8000-00000000f001', username: 'demo_free' },
    { id: '00000000-0000-4000-8000-00000000f002', username: 'demo_premium' },
  ],
  now: at,
});

describe('planDemoCommunity', () => {
  const plan = planDemoCommunity(input());
  const byId = new Map(plan.players.map((player) => [player.id, player]));

  it('is deterministic, and moves with the seed time without changing shape', () => {
    expect(planDemoCommunity(input())).toEqual(plan);
    // A year later, with the same catalogue a year older: the same community, a year later.
    const shift = 365 * DAY;
    const later = planDemoCommunity(input(new Date(now.getTime() + shift)));
    const age = (at: Date) => at.getTime() - now.getTime();
    expect(later.players.map((p) => [p.username, age(p.joinedAt) + shift])).toEqual(
      plan.players.map((p) => [p.username, age(p.joinedAt) + shift * 2]),
    );
    expect(later.statuses.map((s) => [s.userId, s.gameId, s.status, age(s.at)])).toEqual(
      plan.statuses.map((s) => [s.userId, s.gameId, s.status, age(s.at) + shift]),
    );
    expect(later.follows.length).toBe(plan.follows.length);
    expect(later.likes.length).toBe(plan.likes.length);
    expect(later.reviews.map((r) => [r.gameId, r.rating])).toEqual(plan.reviews.map((r) => [r.gameId, r.rating]));
  });

  it('invents about 40 labelled players, a few of them Premium, two private', () => {
    expect(plan.players).toHaveLength(40);
    expect(new Set(plan.players.map((p) => p.username)).size).toBe(40);
    for (const player of plan.players) {
      expect(player.username).toMatch(/^demo_[a-z0-9_]{3,15}$/);
      expect(player.username.startsWith(DEMO_PLAYER_PREFIX)).toBe(true);
      expect(player.fullName).toMatch(/^Demo player /);
      expect(player.bio).toContain('invented player of the embedded demo');
      expect(player.joinedAt.getTime()).toBeLessThan(now.getTime());
    }
    expect(plan.players[0]!.id).toBe(demoPlayerId(1));
    expect(plan.players.filter((p) => p.tier === 'premium').length).toBeGreaterThanOrEqual(10);
    expect(plan.players.filter((p) => p.isPrivate)).toHaveLength(2);
  });

  it('dates everything between the player joining and the seed time, spread over months', () => {
    const moments = [
      ...plan.statuses.map((row) => [row.userId, row.at] as const),
      ...plan.reviews.map((row) => [row.userId, row.at] as const),
      ...plan.lists.map((row) => [row.userId, row.at] as const),
      ...plan.likes.map((row) => [row.userId, row.at] as const),
    ];
    for (const [userId, at] of moments) {
      expect(at.getTime()).toBeLessThan(now.getTime());
      expect(at.getTime()).toBeGreaterThanOrEqual(byId.get(userId)!.joinedAt.getTime());
    }
    const ages = moments.map(([, at]) => (now.getTime() - at.getTime()) / DAY);
    expect(Math.max(...ages)).toBeGreaterThan(90);
    expect(ages.filter((age) => age < 7).length).toBeGreaterThan(20);
    // More than a year back for some, so a year in review has earlier years to show.
    expect(Math.max(...ages)).toBeGreaterThan(365);
  });

  it('writes reviews only as Premium players, on released games they played, once per game', () => {
    expect(plan.reviews.length).toBeGreaterThan(40);
    const released = new Map(games.map((game) => [game.id, Date.parse(`${game.releaseDate}T00:00:00Z`)]));
    const keys = new Set<string>();
    for (const review of plan.reviews) {
      expect(byId.get(review.userId)!.tier).toBe('premium');
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(10);
      expect(review.at.getTime()).toBeGreaterThan(released.get(review.gameId)! + 2 * DAY);
      const status = plan.statuses.find((row) => row.userId === review.userId && row.gameId === review.gameId);
      expect(status?.status).toMatch(/completed|played|shelved|abandoned/);
      keys.add(`${review.userId}:${review.gameId}`);
    }
    expect(keys.size).toBe(plan.reviews.length);
  });

  it('votes reviews helpful only as someone else, once, after the review', () => {
    expect(plan.votes.length).toBeGreaterThan(30);
    expect(new Set(plan.votes.map((vote) => `${vote.review}:${vote.userId}`)).size).toBe(plan.votes.length);
    for (const vote of plan.votes) {
      const review = plan.reviews[vote.review]!;
      expect(vote.userId).not.toBe(review.userId);
      expect(vote.at.getTime()).toBeGreaterThanOrEqual(review.at.getTime());
      expect(vote.at.getTime()).toBeLessThan(now.getTime());
    }
  });

  it('keeps one library row per player and game, with consistent dates', () => {
    expect(new Set(plan.statuses.map((row) => `${row.userId}:${row.gameId}`)).size).toBe(plan.statuses.length);
    for (const row of plan.statuses) {
      expect(row.status !== null || row.wishlist).toBe(true);
      if (row.startedOn && row.finishedOn) expect(row.finishedOn >= row.startedOn).toBe(true);
      if (row.status === 'completed') expect(row.finishedOn).toBe(row.at.toISOString().slice(0, 10));
    }
  });

  it('never likes an own list, a private list or a private player’s list, and likes after the list exists', () => {
    expect(plan.likes.length).toBeGreaterThan(50);
    expect(new Set(plan.likes.map((like) => `${like.list}:${like.userId}`)).size).toBe(plan.likes.length);
    for (const like of plan.likes) {
      const list = plan.lists[like.list]!;
      expect(like.userId).not.toBe(list.userId);
      expect(list.visibility).not.toBe('private');
      expect(byId.get(list.userId)!.isPrivate).toBe(false);
      expect(like.at.getTime()).toBeGreaterThan(list.at.getTime());
    }
    for (const list of plan.lists) {
      expect(list.gameIds.length).toBeGreaterThanOrEqual(5);
      expect(new Set(list.gameIds).size).toBe(list.gameIds.length);
    }
  });

  it('never follows oneself or a private player, nor anyone twice; the demo accounts follow players and outlets', () => {
    const keys = new Set(plan.follows.map((f) => `${f.followerId}>${f.followedId}`));
    expect(keys.size).toBe(plan.follows.length);
    for (const follow of plan.follows) {
      expect(follow.followerId).not.toBe(follow.followedId);
      expect(byId.get(follow.followedId)!.isPrivate).toBe(false);
    }
    expect(new Set(plan.outletFollows.map((f) => `${f.userId}>${f.outletId}`)).size).toBe(plan.outletFollows.length);
    const free = input().accounts[0]!.id;
    expect(plan.follows.filter((f) => f.followerId === free).length).toBe(8);
    expect(plan.outletFollows.filter((f) => f.userId === free).length).toBe(3);
  });
});
