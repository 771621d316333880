import { z } from 'zod';
import type { GameDetail } from '../games/games.ts';

/**
 * User reviews: one per user and game, written by Premium members, read by everyone.
 * A rating is 0.5 to 5 stars in half steps, stored as 1 to 10; the user score is the mean
 * of the counted ratings on that 0-10 scale, shown once there are enough of them.
 */

export const USER_REVIEW_LIMITS = {
  titleMax: 120,
  bodyMax: 10_000,
  hoursMax: 100_000,
  reportDetailsMax: 500,
  /** Counted ratings needed before a score is shown. */
  minRatingsForScore: 5,
  /** Reviews per page on /games/{slug}/user-reviews and the dashboard. */
  pageSize: 20,
  /** Most helpful reviews shown on the game page. */
  gamePageTop: 3,
} as const;

export const USER_REVIEW_MESSAGES = {
  notSignedIn: 'Sign in to write a review.',
  premiumOnly: 'Writing user reviews is part of the Premium plan.',
  rating: 'Choose a rating from 0.5 to 5 stars, in half steps.',
  titleTooLong: `The title can be at most ${USER_REVIEW_LIMITS.titleMax} characters.`,
  bodyTooLong: `The review can be at most ${USER_REVIEW_LIMITS.bodyMax} characters.`,
  hours: 'Hours played must be a number from 0 to 100000.',
  unreleased: 'This game is not released yet, so it cannot be reviewed.',
  alreadyReviewed: 'You have already reviewed this game. Edit your review instead.',
  gameNotFound: 'This game does not exist.',
  platformNotFound: 'Choose a platform from the list.',
  reviewNotFound: 'This review does not exist.',
  notYours: 'You can only change your own reviews.',
  ownVote: 'You cannot vote on your own review.',
  ownReport: 'You cannot report your own review.',
  reportReason: 'Choose a reason for the report.',
  reportDetailsTooLong: `Report details can be at most ${USER_REVIEW_LIMITS.reportDetailsMax} characters.`,
  alreadyReported: 'You have already reported this review.',
  notEnoughRatings: 'Not enough ratings',
} as const;

export const REPORT_REASONS = ['spam', 'offensive', 'spoiler', 'off_topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  spoiler: 'Unmarked spoilers',
  off_topic: 'Not about this game',
  other: 'Something else',
};

/** Trims and turns blank text into null; keeps paragraphs (plain text only, never HTML). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max * 2, message)
    .nullish()
    .transform((value) => {
      const text = (value ?? '').replace(/\r\n?/g, '\n').trim();
      return text === '' ? null : text;
    })
    .refine((value) => value === null || value.length <= max, message);

const hoursSchema = z
  .union([z.number(), z.string().max(12)])
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const hours = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(hours) || hours < 0 || hours > USER_REVIEW_LIMITS.hoursMax) {
      ctx.addIssue({ code: 'custom', message: USER_REVIEW_MESSAGES.hours });
      return z.NEVER;
    }
    return Math.round(hours * 10) / 10;
  });

/** The rating as sent by the form: stars (0.5..5 in halves) or the stored step (1..10). */
export const ratingSchema = z
  .number({ error: USER_REVIEW_MESSAGES.rating })
  .int(USER_REVIEW_MESSAGES.rating)
  .min(1, USER_REVIEW_MESSAGES.rating)
  .max(10, USER_REVIEW_MESSAGES.rating);

const reviewFields = {
  rating: ratingSchema,
  title: optionalText(USER_REVIEW_LIMITS.titleMax, USER_REVIEW_MESSAGES.titleTooLong),
  body: optionalText(USER_REVIEW_LIMITS.bodyMax, USER_REVIEW_MESSAGES.bodyTooLong),
  spoiler: z.boolean().default(false),
  platformId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  hoursPlayed: hoursSchema,
  finished: z.boolean().default(false),
};

export const userReviewInputSchema = z.object({ gameId: z.number().int().positive(), ...reviewFields });
export type UserReviewInput = z.output<typeof userReviewInputSchema>;

export const userReviewPatchSchema = z.object(reviewFields).partial();
export type UserReviewPatch = z.output<typeof userReviewPatchSchema>;

export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: USER_REVIEW_MESSAGES.reportReason }),
  details: optionalText(USER_REVIEW_LIMITS.reportDetailsMax, USER_REVIEW_MESSAGES.reportDetailsTooLong),
});

export const REVIEW_SORTS = ['helpful', 'newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Readonly<Record<ReviewSort, string>> = {
  helpful: 'Most helpful',
  newest: 'Newest',
  highest: 'Highest rating',
  lowest: 'Lowest rating',
};

export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS).catch('helpful'),
  platform: z.coerce.number().int().positive().optional().catch(undefined),
  finished: z
    .enum(['1', 'true'])
    .optional()
    .catch(undefined)
    .transform((v) => v !== undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

/** 1..10 as stars: 7 -> 3.5. */
export const starsOf = (rating: number): number => rating / 2;

/** A game can be reviewed once released: a release date on or before today (UTC). */
export function isReleased(releaseDate: string | null, now: Date): boolean {
  return releaseDate !== null && releaseDate <= now.toISOString().slice(0, 10);
}

/** A flagged or confirmed review-bomb window, as the game page notes it. */
export interface ReviewWindowView {
  id: string;
  kind: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
}

/** Everything the user score block of a game page shows (the same for every visitor). */
export interface UserScoreSection {
  score: UserScore;
  windows: ReviewWindowView[];
  top: UserReviewView[];
  platforms: { id: number; name: string }[];
}

/**
 * The user score block of a game page from its most helpful reviews. The kept score, the
 * windows not counted and the review form's platform choices (the game's releases) come
 * with the game.
 */
export function userScoreSection(
  game: Pick<GameDetail, 'releases' | 'userScore' | 'heldWindows'>,
  top: UserReviewView[],
): UserScoreSection {
  const platforms = game.releases
    .map(({ id, name }) => ({ id, name }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { score: game.userScore, windows: game.heldWindows, top, platforms };
}

/** A user review as pages show it. */
export interface UserReviewView {
  id: string;
  userId: string;
  username: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  gameId: number;
  rating: number;
  title: string | null;
  body: string | null;
  spoiler: boolean;
  platformId: number | null;
  platformName: string | null;
  hoursPlayed: number | null;
  finished: boolean;
  helpfulCount: number;
  counted: boolean;
  createdAt: Date;
  editedAt: Date | null;
}

export interface UserScoreRow {
  review_count: number;
  rating_count: number;
  rating_sum: number;
  rating_steps: number[];
}

export interface UserScore {
  /** Mean of counted ratings on 0-10 with one decimal, or null below the minimum count. */
  score: number | null;
  /** Counted ratings. */
  count: number;
  /** Visible reviews, counted or not. */
  reviewCount: number;
  /** Counted reviews per step 1..10 (index 0 is step 1). */
  steps: number[];
}

/**
 * The published formula: score = sum of counted ratings / their number, on 0..10, rounded
 * to one decimal, shown only from 5 counted ratings.
 */
export function userScoreOf(row: UserScoreRow | null | undefined): UserScore {
  if (!row) return { score: null, count: 0, reviewCount: 0, steps: Array.from({ length: 10 }, () => 0) };
  const count = row.rating_count;
  return {
    score: userScoreFigure(row.rating_sum, count),
    count,
    reviewCount: row.review_count,
    steps: [...row.rating_steps],
  };
}

/** The figure alone, from the kept sum and count (cards and rankings carry only these two). */
export function userScoreFigure(ratingSum: number, ratingCount: number): number | null {
  return ratingCount >= USER_REVIEW_LIMITS.minRatingsForScore ? Math.round((ratingSum / ratingCount) * 10) / 10 : null;
}

/** The same figures recounted from ratings (tests, and the bench's check). */
export function recountUserScore(
  reviews: ReadonlyArray<{ rating: number; counted: boolean; hidden: boolean }>,
): UserScoreRow {
  const visible = reviews.filter((r) => !r.hidden);
  const counted = visible.filter((r) => r.counted);
  const steps = Array.from({ length: 10 }, (_, i) => counted.filter((r) => r.rating === i + 1).length);
  return {
    review_count: visible.length,
    rating_count: counted.length,
    rating_sum: counted.reduce((sum, r) => sum + r.rating, 0),
    rating_steps: steps,
  };
}

/** "7.4" or "Not enough ratings", for text and labels. */
export function formatUserScore(score: UserScore): string {
  return score.score === null ? USER_REVIEW_MESSAGES.notEnoughRatings : score.score.toFixed(1);
}

/** Body text as paragraphs (blank lines split them); rendered as text nodes, never HTML. */
export function paragraphsOf(body: string | null): string[] {
  if (!body) return [];
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The schema.org data of a page of user reviews: the game with its reviews and rating. */
export function userReviewsJsonLd(
  game: { title: string; url: string },
  score: UserScore,
  reviews: ReadonlyArray<{
    username: string | null;
    rating: number;
    title: string | null;
    body: string | null;
    spoiler: boolean;
    createdAt: Date;
  }>,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'VideoGame',
    name: game.title,
    url: game.url,
    ...(score.score !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: score.score,
            bestRating: 10,
            worstRating: 1,
            ratingCount: score.count,
          },
        }
      : {}),
    review: reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.username ?? 'A player' },
      datePublished: r.createdAt.toISOString().slice(0, 10),
      reviewRating: { '@type': 'Rating', ratingValue: starsOf(r.rating), bestRating: 5, worstRating: 0.5 },
      ...(r.title ? { name: r.title } : {}),
      // Spoilers stay out of search snippets.
      ...(r.body && !r.spoiler ? { reviewBody: r.body.slice(0, 500) } : {}),
    })),
  };
}
