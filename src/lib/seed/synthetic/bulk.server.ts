import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Bulk operations of the synthetic generator: emptying the catalogue it replaces, and
 * loading a million critic reviews without paying for a trigger call per row.
 */

/**
 * Empties the catalogue: games and their links, companies, and everything hanging off
 * games (critic reviews and their aggregates, collections). Reference lists stay.
 */
export async function clearCatalogue(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await sql`
    truncate public.game_platforms, public.game_genres, public.game_developers, public.game_publishers,
      public.critic_reviews, public.game_critic_stats, public.outlet_critic_stats, public.collection_games, public.collections,
      public.games, public.companies restart identity cascade
  `.execute(trx);
}

/** Empties the critics: outlets, authors, their reviews and the aggregates. */
export async function clearCritics(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await sql`
    truncate public.outlet_authors, public.critic_reviews, public.game_critic_stats, public.outlet_critic_stats, public.authors, public.outlets
      restart identity cascade
  `.execute(trx);
}

/**
 * Runs a bulk load of critic reviews with the review triggers off (one trigger call per
 * row would dominate a million-row load), then computes every aggregate row once.
 * The caller's transaction makes it all or nothing: the triggers are back on at commit.
 */
export async function withReviewTriggersDisabled<T>(trx: Transaction<Database>, work: () => Promise<T>): Promise<T> {
  await sql`alter table public.critic_reviews disable trigger critic_reviews_prepare`.execute(trx);
  await sql`alter table public.critic_reviews disable trigger critic_reviews_aggregate`.execute(trx);
  await sql`alter table public.critic_reviews disable trigger critic_reviews_outlet_aggregate`.execute(trx);
  const result = await work();
  await sql`alter table public.critic_reviews enable trigger critic_reviews_prepare`.execute(trx);
  await sql`alter table public.critic_reviews enable trigger critic_reviews_aggregate`.execute(trx);
  await sql`alter table public.critic_reviews enable trigger critic_reviews_outlet_aggregate`.execute(trx);
  // The game rebuild settles the `counted` flags the outlet rebuild sums over.
  await sql`select public.rebuild_game_critic_stats()`.execute(trx);
  await sql`select public.rebuild_outlet_critic_stats()`.execute(trx);
  return result;
}
