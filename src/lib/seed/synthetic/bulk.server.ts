import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Bulk operations of the synthetic generator: emptying the catalogue it replaces, and
 * writing a million critic reviews without paying for a trigger call per row.
 */

const REVIEW_BATCH = 10_000;

/**
 * Empties the catalogue: games and their links, companies, and everything hanging off
 * games (critic reviews and their aggregates, collections). Reference lists stay.
 */
export async function clearCatalogue(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await sql`
    truncate public.game_platforms, public.game_genres, public.game_developers, public.game_publishers,
      public.critic_reviews, public.game_critic_stats, public.collection_games, public.collections,
      public.games, public.companies restart identity cascade
  `.execute(trx);
}

/** Empties the critics: outlets, authors, their reviews and the aggregates. */
export async function clearCritics(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await sql`
    truncate public.outlet_authors, public.critic_reviews, public.game_critic_stats, public.authors, public.outlets
      restart identity cascade
  `.execute(trx);
}

/** One critic review row for the bulk writer; `recommended` already derived (the triggers are off). */
export interface BulkReviewRow {
  gameId: number;
  outletId: number;
  authorId: number | null;
  kind: 'review' | 'preview';
  scale: string;
  rawScore: string | null;
  recommended: boolean | null;
  verdict: string | null;
  excerpt: string | null;
  url: string | null;
  platformId: number | null;
  publishedAt: string;
}

/**
 * Inserts critic reviews in batches without the per-row triggers: call inside
 * withReviewTriggersDisabled(), which rebuilds the aggregates once at the end. `counted`
 * is computed here the way the trigger would.
 */
export async function writeReviewsBulk(trx: Transaction<Database>, rows: BulkReviewRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += REVIEW_BATCH) {
    const batch = rows.slice(start, start + REVIEW_BATCH);
    await sql`
      insert into public.critic_reviews (
        game_id, outlet_id, author_id, kind, score_scale, raw_score, recommended, verdict, excerpt, url, platform_id,
        published_at, counted
      )
      select g, o, a, k, sc, raw, rec, v, e, u, p, pub, pub <= now()
      from unnest(
        ${batch.map((r) => r.gameId)}::int[],
        ${batch.map((r) => r.outletId)}::int[],
        ${batch.map((r) => r.authorId)}::int[],
        ${batch.map((r) => r.kind)}::text[],
        ${batch.map((r) => r.scale)}::text[],
        ${batch.map((r) => r.rawScore)}::text[],
        ${batch.map((r) => r.recommended)}::boolean[],
        ${batch.map((r) => r.verdict)}::text[],
        ${batch.map((r) => r.excerpt)}::text[],
        ${batch.map((r) => r.url)}::text[],
        ${batch.map((r) => r.platformId)}::int[],
        ${batch.map((r) => r.publishedAt)}::timestamptz[]
      ) as input(g, o, a, k, sc, raw, rec, v, e, u, p, pub)
    `.execute(trx);
  }
}

/**
 * Runs a bulk load of critic reviews with the review triggers off (one trigger call per
 * row would dominate a million-row load), then computes every aggregate row once.
 * The caller's transaction makes it all or nothing: the triggers are back on at commit.
 */
export async function withReviewTriggersDisabled<T>(trx: Transaction<Database>, work: () => Promise<T>): Promise<T> {
  await sql`alter table public.critic_reviews disable trigger critic_reviews_prepare`.execute(trx);
  await sql`alter table public.critic_reviews disable trigger critic_reviews_aggregate`.execute(trx);
  const result = await work();
  await sql`alter table public.critic_reviews enable trigger critic_reviews_prepare`.execute(trx);
  await sql`alter table public.critic_reviews enable trigger critic_reviews_aggregate`.execute(trx);
  await sql`select public.rebuild_game_critic_stats()`.execute(trx);
  return result;
}
