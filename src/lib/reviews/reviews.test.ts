import { describe, expect, it } from 'vitest';
import { emptyBandCounts } from '../scores/scores.ts';
import { criticScoreWorking, gameReviewsQuery, parseGameReviewsParams, type CriticSummary } from './reviews.ts';

const summary = (change: Partial<CriticSummary>): CriticSummary => ({
  reviewCount: 10,
  scoredCount: 8,
  scoreSum: 658,
  recommendedCount: 7,
  previewCount: 0,
  bandCounts: emptyBandCounts(),
  criticScore: 82,
  recommendPercent: 70,
  ...change,
});

describe('the working of a critic score', () => {
  it('shows the sum, the mean to two places and the rounding, and the recommend share', () => {
    expect(criticScoreWorking(summary({}))).toEqual({
      mean: '658 ÷ 8 = 82.25',
      rounding: ', rounded: 82',
      recommend: '7 of 10 reviews = 70%',
    });
  });

  it('says when the score is not shown yet, and when there is nothing to add up', () => {
    expect(criticScoreWorking(summary({ scoredCount: 3, scoreSum: 240, criticScore: null })).rounding).toBe(
      ': shown from 4 scored reviews',
    );
    expect(criticScoreWorking(summary({ scoredCount: 0, scoreSum: 0, criticScore: null })).mean).toBe('–');
  });
});

describe('the reviews page query', () => {
  it('reads sort, platform and page leniently and writes back only what is not a default', () => {
    const params = parseGameReviewsParams(new URLSearchParams('sort=newest&platform=%20PS4%20&page=2'));
    expect(params).toEqual({ sort: 'newest', platform: 'ps4', page: 2 });
    expect(gameReviewsQuery(params, { page: 1 })).toBe('?sort=newest&platform=ps4');
    expect(parseGameReviewsParams(new URLSearchParams('sort=loudest&platform=<b>&page=-4'))).toEqual({
      sort: 'score-desc',
      platform: undefined,
      page: 1,
    });
  });
});
