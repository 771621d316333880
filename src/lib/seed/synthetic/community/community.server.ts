import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { generateCommunityLists } from './lists.server.ts';
import { generateUserReviews } from './reviews.server.ts';
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

export async function loadSyntheticCommunity(
  db: Kysely<Database>,
  options: SyntheticCommunityOptions,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  log(`  ${await loadSyntheticUsers(db, { count: options.users })} synthetic players added`);
  const reviews = options.users * 10;
  log(`  ${await db.transaction().execute((trx) => generateUserReviews(trx, { count: reviews, seed: options.seed }))} user reviews added`);
  const lists = await generateCommunityLists(db);
  log(`  ${lists.statuses} play statuses, ${lists.lists} lists with ${lists.entries} entries added`);
  await generateCommunityXp(db, { ledgerRows: options.users * 100, topOutlets: 20, followersPerOutlet: 1000, mostFollowed: options.users });
  log(`  ${options.users * 100} XP ledger rows added; 20 outlets with 1000 followers, the first with ${options.users}`);
  // Fresh statistics for the community's tables, as the catalogue loader takes for its own:
  // the embedded database has no autovacuum, so without them its planner works from default
  // estimates (on 100 000 lists it combined a user's two lists with all 100 000 public ones).
  await sql`analyze`.execute(db);
}
