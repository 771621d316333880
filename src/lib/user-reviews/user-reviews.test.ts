import { describe, expect, it } from 'vitest';
import {
  formatUserScore,
  isReleased,
  paragraphsOf,
  recountUserScore,
  reportInputSchema,
  reviewListQuerySchema,
  USER_REVIEW_MESSAGES,
  userReviewInputSchema,
  userScoreOf,
} from './user-reviews.ts';

const valid = { gameId: 1, rating: 7 };
const firstError = (value: unknown) => {
  const parsed = userReviewInputSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the user score', () => {
  it('is the mean of counted ratings on 0-10 with one decimal', () => {
    const row = recountUserScore([7, 8, 9, 10, 3].map((rating) => ({ rating, counted: true, hidden: false })));
    expect(userScoreOf(row)).toEqual({ score: 7.4, count: 5, reviewCount: 5, steps: [0, 0, 1, 0, 0, 0, 1, 1, 1, 1] });
  });

  it('says "Not enough ratings" with the count below 5 counted ratings', () => {
    const row = recountUserScore([10, 10, 10, 10].map((rating) => ({ rating, counted: true, hidden: false })));
    const score = userScoreOf(row);
    expect(score.score).toBeNull();
    expect(score.count).toBe(4);
    expect(formatUserScore(score)).toBe('Not enough ratings');
  });

  it('leaves out uncounted and hidden reviews, and counts uncounted ones among the shown reviews', () => {
    const row = recountUserScore([
      { rating: 2, counted: true, hidden: false },
      { rating: 2, counted: true, hidden: false },
      { rating: 2, counted: true, hidden: false },
      { rating: 2, counted: true, hidden: false },
      { rating: 4, counted: true, hidden: false },
      { rating: 10, counted: false, hidden: false },
      { rating: 10, counted: true, hidden: true },
    ]);
    expect(userScoreOf(row)).toMatchObject({ score: 2.4, count: 5, reviewCount: 6 });
  });

  it('rounds half up to one decimal (7.25 -> 7.3 is not asked of floats: 29/4)', () => {
    expect(
      userScoreOf({ review_count: 6, rating_count: 6, rating_sum: 44, rating_steps: Array<number>(10).fill(0) }).score,
    ).toBe(7.3);
    expect(
      formatUserScore(
        userScoreOf({ review_count: 5, rating_count: 5, rating_sum: 50, rating_steps: Array<number>(10).fill(0) }),
      ),
    ).toBe('10.0');
  });
});

describe('review validation', () => {
  it('takes half stars as steps 1 to 10 and nothing else', () => {
    expect(firstError(valid)).toBeNull();
    for (const rating of [0, 11, 7.5, '7', null])
      expect(firstError({ ...valid, rating })).toBe(USER_REVIEW_MESSAGES.rating);
  });

  it('bounds the title at 120 and the body at 10000 characters, with the messages', () => {
    expect(firstError({ ...valid, title: 'x'.repeat(120) })).toBeNull();
    expect(firstError({ ...valid, title: 'x'.repeat(121) })).toBe('The title can be at most 120 characters.');
    expect(firstError({ ...valid, body: 'x'.repeat(10_000) })).toBeNull();
    expect(firstError({ ...valid, body: 'x'.repeat(10_001) })).toBe('The review can be at most 10000 characters.');
  });

  it('turns blank text into nothing and keeps paragraphs as plain text', () => {
    const parsed = userReviewInputSchema.parse({ ...valid, title: '   ', body: ' <b>One</b>\r\n\r\nTwo \n' });
    expect(parsed.title).toBeNull();
    expect(parsed.body).toBe('<b>One</b>\n\nTwo');
    expect(paragraphsOf(parsed.body)).toEqual(['<b>One</b>', 'Two']);
  });

  it('checks hours played', () => {
    expect(userReviewInputSchema.parse({ ...valid, hoursPlayed: '12.34' }).hoursPlayed).toBe(12.3);
    expect(firstError({ ...valid, hoursPlayed: -1 })).toBe(USER_REVIEW_MESSAGES.hours);
    expect(firstError({ ...valid, hoursPlayed: 'lots' })).toBe(USER_REVIEW_MESSAGES.hours);
  });

  it('needs a known report reason', () => {
    expect(reportInputSchema.safeParse({ reason: 'spam' }).success).toBe(true);
    expect(reportInputSchema.safeParse({ reason: 'boring' }).error?.issues[0]?.message).toBe(
      USER_REVIEW_MESSAGES.reportReason,
    );
  });

  it('reads the list query leniently', () => {
    const query = reviewListQuerySchema.parse({ sort: 'worst', platform: 'x', finished: '1', page: '0' });
    expect(query).toEqual({ sort: 'helpful', platform: undefined, finished: true, page: 1 });
  });
});

describe('released games only', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('allows a game released today or before, refuses an undated or future one', () => {
    expect(isReleased('2026-05-10', now)).toBe(true);
    expect(isReleased('2026-05-11', now)).toBe(false);
    expect(isReleased(null, now)).toBe(false);
  });
});
