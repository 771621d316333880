import type { Kysely } from 'kysely';
import { analyzeChangedTables } from '../../../db/embedded-statistics.server.ts';
import type { Database } from '../../../db/schema.ts';
import { generateCommunityLists } from './lists.server.ts';
import { generateUserReviews } from './reviews.server.ts';
import { generateFriendsActivity } from './friends.server.ts';
import { generateCommunityXp } from './xp.server.ts';
import { loadSyntheticUsers } from './users.server.ts';

/**
 * The synthetic community the benchmark measures the community pages on: players first,
 * then each feature's own generator in turn (one line each below), all addressing players
 * by number (`syntheticUserId`) and games by the synthetic catalogue's ids.
 */

export interface SyntheticCommunityOptions {
  users: number;
  seed: number;
}

/** Seconds each part took, for the bench's report (its community figure is players + lists). */
export interface CommunityTimings {
  players: number;
  userReviews: number;
  lists: number;
  xp: number;
}

export async function loadSyntheticCommunity(
  db: Kysely<Database>,
  options: SyntheticCommunityOptions,
  log: (line: string) => void = () => undefined,
): Promise<CommunityTimings> {
  let started = performance.now();
  const lap = () => {
    const seconds = (performance.now() - started) / 1000;
    started = performance.now();
    return seconds;
  };
  const players = await loadSyntheticUsers(db, { count: options.users });
  const timings: CommunityTimings = { players: lap(), userReviews: 0, lists: 0, xp: 0 };
  log(`  ${players} synthetic players added (${timings.players.toFixed(1)} s)`);
  const reviews = options.users * 10;
  const written = await db
    .transaction()
    .execute((trx) => generateUserReviews(trx, { count: reviews, seed: options.seed }));
  timings.userReviews = lap();
  log(`  ${written} user reviews added (${timings.userReviews.toFixed(1)} s)`);
  const lists = await generateCommunityLists(db);
  timings.lists = lap();
  log(
    `  ${lists.statuses} play statuses, ${lists.lists} lists with ${lists.entries} entries and ${lists.likes} likes added (${timings.lists.toFixed(1)} s)`,
  );
  await generateCommunityXp(db, {
    ledgerRows: options.users * 100,
    topOutlets: 20,
    followersPerOutlet: 1000,
    mostFollowed: options.users,
  });
  timings.xp = lap();
  log(
    `  ${options.users * 100} XP ledger rows added; 20 outlets with 1000 followers, the first with ${options.users} (${timings.xp.toFixed(1)} s)`,
  );
  const friends = await generateFriendsActivity(db, {
    followers: 2000,
    follows: 50,
    heavyFollows: 500,
    eventsPerPlayer: 10,
  });
  timings.xp += lap();
  log(`  ${friends.follows} player follows and ${friends.events} status events for the friends feed`);
  // Fresh statistics for the community's tables, as the catalogue loader takes for its own
  // (the embedded database has no autovacuum; docs/decisions/embedded-statistics.md): the
  // tables that grew, not the catalogue again.
  await analyzeChangedTables(db);
  return timings;
}
