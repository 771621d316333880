import { z } from 'zod';
import { platformSlugSchema } from '../games/facets.ts';
import { gameSlugSchema, slugField } from '../games/slug.ts';
import { outletSlugSchema } from '../outlets/outlets.ts';
import { isValidRawScore, type ScoreScale } from '../scores/scores.ts';

/**
 * Writing critic reviews: what an outlet's owner may submit (the manage-outlet forms and
 * /api/critic-reviews share these schemas, every field bounded), the score rules a review
 * must follow on its outlet's scale, and the outcomes of a write
 * (critic-reviews.server.ts does the writing).
 */

export const VERDICT_MAX = 140;
export const EXCERPT_MAX = 1000;
export const REVIEW_URL_MAX = 500;
/** The longest raw score of any scale ("10.0", "A+"), with room to spare. */
export const RAW_SCORE_MAX = 5;

export const CRITIC_REVIEW_MESSAGES = {
  notSignedIn: 'Sign in to publish critic reviews.',
  notOwner: 'Only the owner of this outlet can publish its reviews.',
  noReview: 'No such review.',
  noOutlet: 'No such outlet.',
  noGame: 'No such game.',
  notAnAuthor: 'That author does not write for this outlet.',
  unknownPlatform: 'Unknown platform.',
  alreadyReviewed: 'This outlet has already reviewed this game: edit that review instead.',
  previewScored: 'Previews have no score.',
  verdictNeeded: 'An unscored review needs a verdict: say whether it recommends the game.',
  outletUnscored: 'This outlet does not give scores: leave the score empty and give a verdict.',
  chooseGame: 'Choose a game.',
  chooseOutlet: 'Choose an outlet.',
  choosePlatform: 'Choose a platform, or none.',
  verdictTooLong: `The verdict is at most ${VERDICT_MAX} characters.`,
  excerptTooLong: `The excerpt is at most ${EXCERPT_MAX} characters.`,
  urlInvalid: 'Enter a full http:// or https:// address.',
  publishedAtInvalid: 'Give the publication time as an ISO date and time with its offset.',
  invalidReview: 'Invalid review.',
  invalidChange: 'Invalid change.',
} as const;

/** A review's id in a URL (a bigint): digits only, no leading zero. */
export const criticReviewIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);

const httpUrl = z
  .string()
  .trim()
  .max(REVIEW_URL_MAX, CRITIC_REVIEW_MESSAGES.urlInvalid)
  .refine(
    (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
    CRITIC_REVIEW_MESSAGES.urlInvalid,
  );
const rawScore = z.string().trim().max(RAW_SCORE_MAX);
const verdict = z.string().trim().max(VERDICT_MAX, CRITIC_REVIEW_MESSAGES.verdictTooLong);
const excerpt = z.string().trim().max(EXCERPT_MAX, CRITIC_REVIEW_MESSAGES.excerptTooLong);
// An offset date-time is at most 35 characters ("2026-11-22T06:00:00.123456789+05:30").
const publishedAt = z
  .string()
  .max(40, CRITIC_REVIEW_MESSAGES.publishedAtInvalid)
  .pipe(z.iso.datetime({ offset: true, error: CRITIC_REVIEW_MESSAGES.publishedAtInvalid }));
/** authors.id is an integer column. */
const authorId = z.number().int().positive().max(2_147_483_647);

/**
 * A critic review as an outlet's owner submits it. The raw score is checked against the
 * outlet's scale once the outlet is known (criticReviewScoreProblem).
 */
export const criticReviewInputSchema = z
  .object({
    game: slugField(gameSlugSchema, CRITIC_REVIEW_MESSAGES.chooseGame),
    outlet: slugField(outletSlugSchema, CRITIC_REVIEW_MESSAGES.chooseOutlet),
    kind: z.enum(['review', 'preview']).default('review'),
    rawScore: rawScore.nullable().default(null),
    recommended: z.boolean().nullable().default(null),
    verdict: verdict.nullable().default(null),
    excerpt: excerpt.nullable().default(null),
    url: httpUrl.nullable().default(null),
    platform: slugField(platformSlugSchema, CRITIC_REVIEW_MESSAGES.choosePlatform).nullable().default(null),
    authorId: authorId.nullable().default(null),
    /** A future time is an embargo. Defaults to now. */
    publishedAt: publishedAt.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'preview' && value.rawScore !== null) {
      ctx.addIssue({ code: 'custom', path: ['rawScore'], message: CRITIC_REVIEW_MESSAGES.previewScored });
    }
  });
export type CriticReviewInput = z.output<typeof criticReviewInputSchema>;

/** A change to a published or scheduled review: only what is given changes. */
export const criticReviewPatchSchema = z.object({
  rawScore: rawScore.nullable().optional(),
  recommended: z.boolean().nullable().optional(),
  verdict: verdict.nullable().optional(),
  excerpt: excerpt.nullable().optional(),
  url: httpUrl.nullable().optional(),
  publishedAt: publishedAt.optional(),
});
export type CriticReviewPatch = z.output<typeof criticReviewPatchSchema>;

/**
 * The score rules on an outlet's scale: a preview has no score; an unscored review says
 * whether it recommends the game; a scored one is a valid score on the scale (an unscored
 * outlet gives none). The message says what to fix, or undefined when the review is fine.
 */
export function criticReviewScoreProblem(
  scale: ScoreScale,
  review: { kind: 'review' | 'preview'; rawScore: string | null; recommended: boolean | null },
): string | undefined {
  if (review.kind === 'preview') return review.rawScore === null ? undefined : CRITIC_REVIEW_MESSAGES.previewScored;
  if (review.rawScore === null) return review.recommended === null ? CRITIC_REVIEW_MESSAGES.verdictNeeded : undefined;
  if (scale === 'unscored') return CRITIC_REVIEW_MESSAGES.outletUnscored;
  return isValidRawScore(scale, review.rawScore)
    ? undefined
    : `“${review.rawScore}” is not a score on this outlet's scale.`;
}

/** Why a write was refused; the API answers each kind with its own status. */
export interface CriticReviewRefusal {
  kind: 'not-found' | 'forbidden' | 'invalid' | 'invalid-score' | 'conflict';
  message: string;
}

/** What a write changed, so that the pages showing it can be purged. */
export interface CriticReviewChange {
  gameSlugs: string[];
  outletSlug: string;
  authorIds: (number | null)[];
}

export type CriticReviewWrite<T> =
  { ok: true; value: T; change: CriticReviewChange } | { ok: false; refusal: CriticReviewRefusal };
