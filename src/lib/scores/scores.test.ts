import { describe, expect, it } from 'vitest';
import {
  aggregateReviews,
  criticScore,
  denormaliseScore,
  formatRawScore,
  InvalidScoreError,
  isValidRawScore,
  LETTER_GRADES,
  MIN_SCORED_REVIEWS,
  normaliseHundred,
  normaliseLetter,
  normaliseScore,
  normaliseStars,
  normaliseTen,
  rawScoresOf,
  recommendPercent,
  SCORE_BANDS,
  SCORE_SCALES,
  scoreBand,
  TBD_COLOURS,
  tbdLabel,
  type ReviewForAggregate,
} from './scores.ts';

describe('normaliseHundred', () => {
  it('keeps a 0-100 score as it is', () => {
    expect(normaliseHundred('0')).toBe(0);
    expect(normaliseHundred('7')).toBe(7);
    expect(normaliseHundred('87')).toBe(87);
    expect(normaliseHundred('100')).toBe(100);
  });
  it.each(['', '101', '-1', '07', '87.5', ' 87', 'abc', '1000'])('refuses %j', (raw) => {
    expect(() => normaliseHundred(raw)).toThrow(InvalidScoreError);
  });
});

describe('normaliseTen', () => {
  it('multiplies by ten, with one decimal allowed', () => {
    expect(normaliseTen('8.5')).toBe(85);
    expect(normaliseTen('8')).toBe(80);
    expect(normaliseTen('8.0')).toBe(80);
    expect(normaliseTen('0.7')).toBe(7);
    expect(normaliseTen('0')).toBe(0);
    expect(normaliseTen('10')).toBe(100);
    expect(normaliseTen('10.0')).toBe(100);
    expect(normaliseTen('9.9')).toBe(99);
  });
  it.each(['10.5', '11', '8.55', '.5', '8.', '-1', '08', 'eight'])('refuses %j', (raw) => {
    expect(() => normaliseTen(raw)).toThrow(InvalidScoreError);
  });
});

describe('normaliseStars', () => {
  it('multiplies by twenty, in halves', () => {
    expect(normaliseStars('0')).toBe(0);
    expect(normaliseStars('0.5')).toBe(10);
    expect(normaliseStars('3')).toBe(60);
    expect(normaliseStars('3.5')).toBe(70);
    expect(normaliseStars('4.5')).toBe(90);
    expect(normaliseStars('5')).toBe(100);
    expect(normaliseStars('5.0')).toBe(100);
  });
  it.each(['5.5', '6', '4.3', '4.25', '-0.5', '½'])('refuses %j', (raw) => {
    expect(() => normaliseStars(raw)).toThrow(InvalidScoreError);
  });
});

describe('normaliseLetter', () => {
  it('uses the usual letter table: A = 100, B+ = 83, B- = 67, F = 0', () => {
    expect(normaliseLetter('A+')).toBe(100);
    expect(normaliseLetter('A')).toBe(100);
    expect(normaliseLetter('A-')).toBe(91);
    expect(normaliseLetter('B+')).toBe(83);
    expect(normaliseLetter('B')).toBe(75);
    expect(normaliseLetter('B-')).toBe(67);
    expect(normaliseLetter('C+')).toBe(58);
    expect(normaliseLetter('C')).toBe(50);
    expect(normaliseLetter('C-')).toBe(42);
    expect(normaliseLetter('D+')).toBe(33);
    expect(normaliseLetter('D')).toBe(25);
    expect(normaliseLetter('D-')).toBe(16);
    expect(normaliseLetter('F')).toBe(0);
  });
  it('steps down from A to F, never up', () => {
    const values = LETTER_GRADES.map(([, value]) => value);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });
  it.each(['a', 'b+', 'E', 'F+', 'F-', 'A++', ''])('refuses %j', (raw) => {
    expect(() => normaliseLetter(raw)).toThrow(InvalidScoreError);
  });
});

describe('normaliseScore', () => {
  it('dispatches on the scale, and null is no score', () => {
    expect(normaliseScore('hundred', '87')).toBe(87);
    expect(normaliseScore('ten', '8.7')).toBe(87);
    expect(normaliseScore('stars', '4.5')).toBe(90);
    expect(normaliseScore('letter', 'B+')).toBe(83);
    expect(normaliseScore('letter', null)).toBeNull();
    expect(normaliseScore('unscored', null)).toBeNull();
  });
  it('refuses a number on the unscored scale', () => {
    expect(() => normaliseScore('unscored', '8')).toThrow("Invalid raw score '8' for the unscored scale");
    expect(isValidRawScore('unscored', '8')).toBe(false);
  });
  it('lists every canonical raw score of each scale, all valid and within 0-100', () => {
    expect(rawScoresOf('hundred')).toHaveLength(101);
    expect(rawScoresOf('ten')).toHaveLength(101);
    expect(rawScoresOf('stars')).toEqual(['5.0', '4.5', '4.0', '3.5', '3.0', '2.5', '2.0', '1.5', '1.0', '0.5', '0.0']);
    expect(rawScoresOf('letter')).toHaveLength(13);
    for (const scale of SCORE_SCALES) {
      for (const raw of rawScoresOf(scale)) {
        const score = normaliseScore(scale, raw)!;
        expect(Number.isInteger(score) && score >= 0 && score <= 100, `${scale} ${raw}`).toBe(true);
      }
    }
  });
  it('formats raw scores as readers know them', () => {
    expect(formatRawScore('hundred', '87')).toBe('87/100');
    expect(formatRawScore('ten', '8.5')).toBe('8.5/10');
    expect(formatRawScore('stars', '4.5')).toBe('4.5/5 stars');
    expect(formatRawScore('letter', 'B+')).toBe('B+');
    expect(formatRawScore('unscored', null)).toBe('Unscored');
  });
});

describe('denormaliseScore', () => {
  it('writes a 0-100 score the way an outlet on each scale would', () => {
    expect(denormaliseScore(87, 'hundred')).toBe('87');
    expect(denormaliseScore(87, 'ten')).toBe('8.7');
    expect(denormaliseScore(87, 'stars')).toBe('4.5');
    expect(denormaliseScore(80, 'stars')).toBe('4');
    expect(denormaliseScore(84, 'letter')).toBe('B+');
    expect(denormaliseScore(87, 'unscored')).toBeNull();
  });
  it('rounds and clamps to what the scale allows', () => {
    expect(denormaliseScore(86.6, 'hundred')).toBe('87');
    expect(denormaliseScore(-12, 'hundred')).toBe('0');
    expect(denormaliseScore(130, 'ten')).toBe('10.0');
    expect(denormaliseScore(100, 'letter')).toBe('A+');
  });
  it('gives a valid raw score whose normalised value is the nearest the scale can express', () => {
    for (const scale of SCORE_SCALES.filter((s) => s !== 'unscored')) {
      const reachable = rawScoresOf(scale).map((raw) => normaliseScore(scale, raw)!);
      for (let score = 0; score <= 100; score += 1) {
        const raw = denormaliseScore(score, scale)!;
        expect(isValidRawScore(scale, raw), `${scale} ${score} -> ${raw}`).toBe(true);
        const error = Math.abs(normaliseScore(scale, raw)! - score);
        const best = Math.min(...reachable.map((value) => Math.abs(value - score)));
        expect(error, `${scale} ${score} -> ${raw}`).toBe(best);
      }
    }
  });
});

describe('score bands', () => {
  it('cover 0-100 without gaps or overlaps, best first', () => {
    let expectedMax = 100;
    for (const band of SCORE_BANDS) {
      expect(band.max).toBe(expectedMax);
      expect(band.min).toBeLessThanOrEqual(band.max);
      expectedMax = band.min - 1;
    }
    expect(expectedMax).toBe(-1);
  });
  it('put each boundary where the table says', () => {
    expect(scoreBand(100).key).toBe('acclaimed');
    expect(scoreBand(90).key).toBe('acclaimed');
    expect(scoreBand(89).key).toBe('favourable');
    expect(scoreBand(75).key).toBe('favourable');
    expect(scoreBand(74).key).toBe('mixed');
    expect(scoreBand(50).key).toBe('mixed');
    expect(scoreBand(49).key).toBe('unfavourable');
    expect(scoreBand(20).key).toBe('unfavourable');
    expect(scoreBand(19).key).toBe('panned');
    expect(scoreBand(0).key).toBe('panned');
    expect(() => scoreBand(-1)).toThrow(RangeError);
  });
  it('have colours whose text is readable (WCAG AA, 4.5:1)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    for (const band of [...SCORE_BANDS, { key: 'tbd', ...TBD_COLOURS }]) {
      expect(contrast(band.background, band.foreground), band.key).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('aggregates', () => {
  const review = (score: number | null, recommended: boolean): ReviewForAggregate => ({
    kind: 'review',
    score,
    recommended,
  });

  it('shows no critic score below four scored reviews, then the plain mean rounded half up', () => {
    expect(MIN_SCORED_REVIEWS).toBe(4);
    expect(criticScore(270, 3)).toBeNull();
    expect(criticScore(0, 0)).toBeNull();
    expect(criticScore(330, 4)).toBe(83); // 82.5 rounds up
    expect(criticScore(329, 4)).toBe(82); // 82.25
    expect(criticScore(331, 4)).toBe(83); // 82.75
    expect(criticScore(400, 4)).toBe(100);
  });

  it('computes % recommend over every review, scored or not', () => {
    expect(recommendPercent(0, 0)).toBeNull();
    expect(recommendPercent(1, 3)).toBe(33);
    expect(recommendPercent(2, 3)).toBe(67);
    expect(recommendPercent(1, 8)).toBe(13); // 12.5 rounds up
  });

  it('aggregates reviews: previews count apart, unscored reviews count for recommend only', () => {
    const aggregate = aggregateReviews([
      review(90, true),
      review(80, true),
      review(45, false),
      review(null, true),
      review(70, true),
      { kind: 'preview', score: null, recommended: null },
    ]);
    expect(aggregate).toEqual({
      reviewCount: 5,
      scoredCount: 4,
      scoreSum: 285,
      recommendedCount: 4,
      previewCount: 1,
      bandCounts: { acclaimed: 1, favourable: 1, mixed: 1, unfavourable: 1, panned: 0 },
      criticScore: 71, // 71.25
      recommendPercent: 80,
    });
  });

  it('says how far a game is from a score', () => {
    expect(aggregateReviews([review(80, true), review(null, false)]).criticScore).toBeNull();
    expect(tbdLabel(2)).toBe('TBD: 2 of 4 scored reviews');
  });
});
