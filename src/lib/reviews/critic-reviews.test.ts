import { describe, expect, it } from 'vitest';
import {
  CRITIC_REVIEW_MESSAGES,
  criticReviewIdSchema,
  criticReviewInputSchema,
  criticReviewPatchSchema,
  criticReviewScoreProblem,
  EXCERPT_MAX,
  VERDICT_MAX,
} from './critic-reviews.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the score rules on an outlet scale', () => {
  it('take a valid score on the scale, and an unscored review with a verdict', () => {
    expect(criticReviewScoreProblem('ten', { kind: 'review', rawScore: '8.5', recommended: null })).toBeUndefined();
    expect(criticReviewScoreProblem('letter', { kind: 'review', rawScore: 'B+', recommended: null })).toBeUndefined();
    expect(
      criticReviewScoreProblem('unscored', { kind: 'review', rawScore: null, recommended: false }),
    ).toBeUndefined();
    expect(criticReviewScoreProblem('hundred', { kind: 'preview', rawScore: null, recommended: null })).toBeUndefined();
  });

  it('refuse each broken rule with what to fix', () => {
    expect(criticReviewScoreProblem('ten', { kind: 'preview', rawScore: '8', recommended: null })).toBe(
      CRITIC_REVIEW_MESSAGES.previewScored,
    );
    expect(criticReviewScoreProblem('ten', { kind: 'review', rawScore: null, recommended: null })).toBe(
      CRITIC_REVIEW_MESSAGES.verdictNeeded,
    );
    expect(criticReviewScoreProblem('unscored', { kind: 'review', rawScore: '7', recommended: null })).toBe(
      CRITIC_REVIEW_MESSAGES.outletUnscored,
    );
    expect(criticReviewScoreProblem('stars', { kind: 'review', rawScore: '4.3', recommended: null })).toBe(
      "“4.3” is not a score on this outlet's scale.",
    );
  });
});

describe('the critic review schemas', () => {
  const review = { game: 'portal-2', outlet: 'owned-outlet' };

  it('fill the defaults and keep slugs as given, trimmed', () => {
    expect(criticReviewInputSchema.parse({ ...review, game: ' portal-2 ', rawScore: ' 9 ' })).toEqual({
      game: 'portal-2',
      outlet: 'owned-outlet',
      kind: 'review',
      rawScore: '9',
      recommended: null,
      verdict: null,
      excerpt: null,
      url: null,
      platform: null,
      authorId: null,
      publishedAt: null,
    });
  });

  it('bound every text field, with the message a form can show', () => {
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ verdict: 'v'.repeat(VERDICT_MAX + 1) }, CRITIC_REVIEW_MESSAGES.verdictTooLong],
      [{ excerpt: 'e'.repeat(EXCERPT_MAX + 1) }, CRITIC_REVIEW_MESSAGES.excerptTooLong],
      [{ url: `https://example.test/${'u'.repeat(500)}` }, CRITIC_REVIEW_MESSAGES.urlInvalid],
      [{ url: 'javascript:alert(1)' }, CRITIC_REVIEW_MESSAGES.urlInvalid],
      [{ game: 'g'.repeat(100_000) }, CRITIC_REVIEW_MESSAGES.chooseGame],
      [{ game: 'Portal 2!' }, CRITIC_REVIEW_MESSAGES.chooseGame],
      [{ outlet: 'o'.repeat(81) }, CRITIC_REVIEW_MESSAGES.chooseOutlet],
      [{ platform: 'p'.repeat(61) }, CRITIC_REVIEW_MESSAGES.choosePlatform],
      [{ publishedAt: `2026-11-22T06:00:00Z${' '.repeat(100)}` }, CRITIC_REVIEW_MESSAGES.publishedAtInvalid],
      [{ publishedAt: 'next tuesday' }, CRITIC_REVIEW_MESSAGES.publishedAtInvalid],
    ];
    for (const [change, message] of cases)
      expect(
        firstMessage(criticReviewInputSchema.safeParse({ ...review, ...change })),
        JSON.stringify(change).slice(0, 60),
      ).toBe(message);
    expect(criticReviewInputSchema.safeParse({ ...review, rawScore: '100000' }).success).toBe(false);
    expect(criticReviewInputSchema.safeParse({ ...review, kind: 'preview', rawScore: '9' }).success).toBe(false);
    expect(criticReviewPatchSchema.safeParse({ verdict: 'v'.repeat(VERDICT_MAX + 1) }).success).toBe(false);
    expect(criticReviewPatchSchema.safeParse({ excerpt: 'e'.repeat(EXCERPT_MAX + 1) }).success).toBe(false);
  });

  it('keep author ids within the column type, so no input reaches the database as an overflow', () => {
    expect(criticReviewInputSchema.safeParse({ ...review, authorId: 2_147_483_647 }).success).toBe(true);
    expect(criticReviewInputSchema.safeParse({ ...review, authorId: 2_147_483_648 }).success).toBe(false);
    expect(criticReviewInputSchema.safeParse({ ...review, authorId: 1.5 }).success).toBe(false);
  });

  it('take review ids as plain bigint digits', () => {
    expect(criticReviewIdSchema.safeParse('42').success).toBe(true);
    for (const bad of ['0', '042', '-1', '1e3', '9'.repeat(19), ''])
      expect(criticReviewIdSchema.safeParse(bad).success).toBe(false);
  });
});
