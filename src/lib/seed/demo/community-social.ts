import { DEMO_LIST_IDEAS } from './community-words.ts';
import { between, momentSince, releasedAt, sample, type Random } from './community-draw.ts';
import {
  DAY,
  MINUTE,
  type CommunityGame,
  type CommunityInput,
  type PlannedFollow,
  type PlannedLike,
  type PlannedList,
  type PlannedOutletFollow,
  type PlannedPlayer,
} from './community-plan.ts';

/** The demo community's lists, likes and follows (community.ts draws the players and their games first). */

/** How the demo accounts take part: how many players and outlets each follows. */
const ACCOUNT_FOLLOWS: Readonly<Record<string, { players: number; outlets: number }>> = {
  demo_free: { players: 8, outlets: 3 },
  demo_adfree: { players: 4, outlets: 2 },
  demo_premium: { players: 6, outlets: 3 },
  demo_owner: { players: 3, outlets: 1 },
  demo_author: { players: 3, outlets: 1 },
  demo_admin: { players: 3, outlets: 1 },
};

export function planLists(random: Random, players: PlannedPlayer[], games: readonly CommunityGame[], now: number) {
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

export function planLikes(random: Random, players: PlannedPlayer[], lists: PlannedList[], now: number): PlannedLike[] {
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

export function planFollows(random: Random, input: CommunityInput, players: PlannedPlayer[], now: number) {
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
