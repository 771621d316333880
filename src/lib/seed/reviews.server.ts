import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ReviewDraft } from './reviews.ts';

/** Critic reviews written in bulk, shared by the demo data and the synthetic generator. */

const REVIEW_BATCH = 10_000;

/** One critic review row for the bulk writer, ids resolved; `recommended` already derived, as the trigger would. */
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

/** The row of a drafted review once its game, outlet, author and platform have ids. */
export function reviewRow(
  draft: ReviewDraft,
  ids: { gameId: number; outletId: number; authorId: number | null },
  platformIds: ReadonlyMap<string, number>,
): BulkReviewRow {
  const { platformSlug, kind, scale, rawScore, recommended, verdict, excerpt, url, publishedAt } = draft;
  const platformId = platformSlug ? (platformIds.get(platformSlug) ?? null) : null;
  return { ...ids, kind, scale, rawScore, recommended, verdict, excerpt, url, platformId, publishedAt };
}

/**
 * Inserts critic reviews in batches, column arrays through unnest(). `counted` is computed
 * here the way the review trigger would, so the rows are right with the triggers on (the
 * demo: the trigger maintains the aggregates row by row) or off (the synthetic generator,
 * inside withReviewTriggersDisabled(), which rebuilds the aggregates once at the end).
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
