import { z } from 'zod';
import type { ScoreScaleColumn } from '../db/schema.ts';
import { SLUG_PATTERN } from '../games/slug.ts';
import { SCORE_SCALES, type CriticAggregate } from '../scores/scores.ts';

/** Query parameters of the review lists; bad values fall back to defaults (stale links still work). */

export const GAME_REVIEWS_PAGE_SIZE = 50;
export const LATEST_REVIEWS_PAGE_SIZE = 30;
export const BEST_REVIEWED_PAGE_SIZE = 24;
export const MAX_REVIEW_PAGE = 5_000;

export const REVIEW_SORTS = ['score-desc', 'score-asc', 'newest', 'oldest', 'outlet'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_SORT_LABELS: Readonly<Record<ReviewSort, string>> = {
  'score-desc': 'Highest score first',
  'score-asc': 'Lowest score first',
  newest: 'Newest first',
  oldest: 'Oldest first',
  outlet: 'Outlet A–Z',
};

const page = z.coerce.number().int().min(1).max(MAX_REVIEW_PAGE).catch(1);
const optionalSlug = z.string().trim().toLowerCase().regex(SLUG_PATTERN).max(60).optional().catch(undefined);

export interface GameReviewsParams {
  page: number;
  sort: ReviewSort;
  platform: string | undefined;
}

export function parseGameReviewsParams(search: URLSearchParams): GameReviewsParams {
  return {
    page: page.parse(search.get('page') ?? undefined),
    sort: z.enum(REVIEW_SORTS).catch('score-desc').parse(search.get('sort') ?? undefined),
    platform: optionalSlug.parse(search.get('platform') || undefined),
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

/** ?page= of the plain paginated lists. */
export function parsePage(search: URLSearchParams): number {
  return page.parse(search.get('page') ?? undefined);
}

export function pageQuery(pageNumber: number): string {
  return pageNumber > 1 ? `?page=${pageNumber}` : '';
}

/** /reviews/{genre}/{year}: the year must be a plausible release year. */
export const reviewYearSchema = z
  .string()
  .regex(/^\d{4}$/)
  .transform(Number)
  .pipe(z.number().int().min(1950).max(2100));

// Writes ------------------------------------------------------------------------------------

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Enter a full http:// or https:// address.');

/**
 * A critic review as an outlet's owner submits it (the manage-outlet forms and
 * POST /api/critic-reviews share this schema). The raw score is checked against the
 * outlet's scale by the handler, which knows the outlet.
 */
export const criticReviewInputSchema = z
  .object({
    game: z.string().trim().regex(SLUG_PATTERN, 'Choose a game.').max(120),
    outlet: z.string().trim().regex(SLUG_PATTERN, 'Choose an outlet.').max(80),
    kind: z.enum(['review', 'preview']).default('review'),
    rawScore: z.string().trim().max(5).nullable().default(null),
    recommended: z.boolean().nullable().default(null),
    verdict: z.string().trim().max(140, 'The verdict is at most 140 characters.').nullable().default(null),
    excerpt: z.string().trim().max(1000, 'The excerpt is at most 1000 characters.').nullable().default(null),
    url: httpUrl.nullable().default(null),
    platform: z.string().trim().regex(SLUG_PATTERN).max(60).nullable().default(null),
    authorId: z.number().int().positive().nullable().default(null),
    /** ISO timestamp; a future time is an embargo. Defaults to now. */
    publishedAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'preview' && value.rawScore !== null) {
      ctx.addIssue({ code: 'custom', path: ['rawScore'], message: 'Previews have no score.' });
    }
  });
export type CriticReviewInput = z.output<typeof criticReviewInputSchema>;

export const criticReviewPatchSchema = z.object({
  rawScore: z.string().trim().max(5).nullable().optional(),
  recommended: z.boolean().nullable().optional(),
  verdict: z.string().trim().max(140).nullable().optional(),
  excerpt: z.string().trim().max(1000).nullable().optional(),
  url: httpUrl.nullable().optional(),
  publishedAt: z.iso.datetime({ offset: true }).optional(),
});
export type CriticReviewPatch = z.output<typeof criticReviewPatchSchema>;

export const scoreScaleSchema = z.enum(SCORE_SCALES);

// What the review pages show --------------------------------------------------------------

/** A game's critic summary: the aggregate row as the pages read it. */
export type CriticSummary = CriticAggregate;

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
  platformName: string | null;
  platformSlug: string | null;
  outletSlug: string;
  outletName: string;
  outletIsDemo: boolean;
  authorId: number | null;
  authorName: string | null;
  authorSlug: string | null;
  gameSlug: string;
  gameTitle: string;
}

export interface ReviewPage {
  reviews: ReviewItem[];
  total: number;
  page: number;
  pageCount: number;
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
}

export interface RankedPage {
  games: RankedGame[];
  total: number;
  page: number;
  pageCount: number;
}
