import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { GameCriticStatsTable, ScoreScaleColumn } from '../db/schema.ts';
import { formatDecimal } from '../format/numbers.ts';
import { platformSlugSchema } from '../games/facets.ts';
import { slugFilter } from '../games/slug.ts';
import { pageNumberSchema } from '../navigation/pagination.ts';
import { aggregateReviews, MIN_SCORED_REVIEWS, type CriticAggregate } from '../scores/scores.ts';

/** Query parameters of the review lists; bad values fall back to defaults (stale links still work). */

export const GAME_REVIEWS_PAGE_SIZE = 50;
export const LATEST_REVIEWS_PAGE_SIZE = 30;
export const BEST_REVIEWED_PAGE_SIZE = 24;

export const REVIEW_SORTS = ['score-desc', 'score-asc', 'newest', 'oldest', 'outlet'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_SORT_LABELS: Readonly<Record<ReviewSort, string>> = {
  'score-desc': 'Highest score first',
  'score-asc': 'Lowest score first',
  newest: 'Newest first',
  oldest: 'Oldest first',
  outlet: 'Outlet A–Z',
};

const platformFilter = slugFilter(platformSlugSchema);

export interface GameReviewsParams {
  page: number;
  sort: ReviewSort;
  platform: string | undefined;
}

export function parseGameReviewsParams(search: URLSearchParams): GameReviewsParams {
  return {
    page: pageNumberSchema.parse(search.get('page') ?? undefined),
    sort: z
      .enum(REVIEW_SORTS)
      .catch('score-desc')
      .parse(search.get('sort') ?? undefined),
    platform: platformFilter.parse(search.get('platform') || undefined),
  };
}

export function gameReviewsQuery(params: GameReviewsParams, overrides: Partial<GameReviewsParams> = {}): string {
  const merged = { ...params, ...overrides };
  const query = new URLSearchParams();
  if (merged.sort !== 'score-desc') query.set('sort', merged.sort);
  if (merged.platform) query.set('platform', merged.platform);
  if (merged.page > 1) query.set('page', String(merged.page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

// What the review pages show --------------------------------------------------------------

/** A game's critic summary: the aggregate row as the pages read it. */
export type CriticSummary = CriticAggregate;

/** A game's kept critic numbers (its game_critic_stats row; none yet is all zeros). */
export function criticSummaryOf(row: Selectable<GameCriticStatsTable> | null | undefined): CriticSummary {
  if (!row) return aggregateReviews([]);
  return {
    reviewCount: row.review_count,
    scoredCount: row.scored_count,
    scoreSum: row.score_sum,
    recommendedCount: row.recommended_count,
    previewCount: row.preview_count,
    bandCounts: {
      acclaimed: row.acclaimed_count,
      favourable: row.favourable_count,
      mixed: row.mixed_count,
      unfavourable: row.unfavourable_count,
      panned: row.panned_count,
    },
    criticScore: row.critic_score,
    recommendPercent: row.recommend_percent,
  };
}

export interface ReviewItem {
  id: string;
  kind: 'review' | 'preview';
  scale: ScoreScaleColumn;
  rawScore: string | null;
  score: number | null;
  recommended: boolean | null;
  verdict: string | null;
  excerpt: string | null;
  url: string | null;
  publishedAt: Date;
  /** When a published score or verdict changed later (the aggregate changed with it), else null. */
  scoreUpdatedAt: Date | null;
  platformName: string | null;
  platformSlug: string | null;
  outletSlug: string;
  outletName: string;
  outletIsDemo: boolean;
  /** The outlet's uploaded logo, when it has one (absent in hand-built rows). */
  outletLogoUrl?: string | null;
  authorId: number | null;
  authorName: string | null;
  authorSlug: string | null;
  gameSlug: string;
  gameTitle: string;
}

export interface RankedGame {
  id: number;
  slug: string;
  title: string;
  releaseDate: string | null;
  coverImageUrl: string | null;
  criticScore: number;
  scoredCount: number;
  reviewCount: number;
  recommendPercent: number | null;
  /** The kept user score's counted ratings and their sum. */
  userRatingCount: number;
  userRatingSum: number;
}

/**
 * The working behind a game's critic score, as the reviews page shows it so that anyone
 * can redo the sum: "870 ÷ 10 = 87.00" then ", rounded: 87", and "7 of 10 reviews = 70%".
 */
export function criticScoreWorking(summary: CriticSummary): { mean: string; rounding: string; recommend: string } {
  return {
    mean:
      summary.scoredCount > 0
        ? `${summary.scoreSum} ÷ ${summary.scoredCount} = ${formatDecimal(summary.scoreSum / summary.scoredCount, 2)}`
        : '–',
    rounding:
      summary.criticScore !== null
        ? `, rounded: ${summary.criticScore}`
        : `: shown from ${MIN_SCORED_REVIEWS} scored reviews`,
    recommend: `${summary.recommendedCount} of ${summary.reviewCount} reviews = ${summary.recommendPercent}%`,
  };
}
