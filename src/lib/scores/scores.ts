/**
 * How critic scores are made comparable, and how a game's numbers follow from them. Every
 * constant here is published on /faq; the database mirrors normaliseScore() and
 * scoreBand() (public.normalise_critic_score and public.critic_score_band in the baseline migration) and a test checks that
 * the two agree on every value each scale allows.
 */

export const SCORE_SCALES = ['hundred', 'ten', 'stars', 'letter', 'unscored'] as const;
export type ScoreScale = (typeof SCORE_SCALES)[number];

export interface ScaleInfo {
  label: string;
  /** What a raw score on this scale looks like, for help texts. */
  example: string;
  /** How a raw score becomes 0-100, in words (shown on /faq). */
  rule: string;
}

export const SCALES: Readonly<Record<ScoreScale, ScaleInfo>> = {
  hundred: { label: '0–100', example: '87', rule: 'Used as it is: 87 stays 87.' },
  ten: { label: '0–10 with one decimal', example: '8.5', rule: 'Multiplied by 10: 8.5 becomes 85.' },
  stars: { label: '5 stars, in halves', example: '4.5', rule: 'Multiplied by 20: 4½ stars become 90.' },
  letter: {
    label: 'Letter grade, A+ to F',
    example: 'B+',
    rule: 'Looked up in the letter table below: B+ becomes 83.',
  },
  unscored: {
    label: 'Unscored (verdict only)',
    example: '—',
    rule: 'No number: the review counts towards “% critics recommend” only, through its verdict.',
  },
};

/** Letter grades and their 0-100 values, best first (the usual steps of 100/12, as other aggregators use). */
export const LETTER_GRADES: readonly (readonly [grade: string, score: number])[] = [
  ['A+', 100],
  ['A', 100],
  ['A-', 91],
  ['B+', 83],
  ['B', 75],
  ['B-', 67],
  ['C+', 58],
  ['C', 50],
  ['C-', 42],
  ['D+', 33],
  ['D', 25],
  ['D-', 16],
  ['F', 0],
];
const LETTER_VALUES = new Map(LETTER_GRADES);

export class InvalidScoreError extends Error {
  constructor(scale: string, raw: string) {
    super(`Invalid raw score '${raw}' for the ${scale} scale`);
    this.name = 'InvalidScoreError';
  }
}

const HUNDRED = /^(100|[1-9]?[0-9])$/;
const TEN = /^(10(\.0)?|[0-9](\.[0-9])?)$/;
const STARS = /^(5(\.0)?|[0-4](\.[05])?)$/;

/** 0-100 from a 0-100 score: as it is. */
export function normaliseHundred(raw: string): number {
  if (!HUNDRED.test(raw)) throw new InvalidScoreError('hundred', raw);
  return Number(raw);
}

/** 0-100 from a 0-10 score with at most one decimal: times ten. */
export function normaliseTen(raw: string): number {
  if (!TEN.test(raw)) throw new InvalidScoreError('ten', raw);
  // Integer arithmetic on the digits: 8.5 * 10 in floating point is fine, 0.7 * 10 is not.
  const [whole = '0', tenth = '0'] = raw.split('.');
  return Number(whole) * 10 + Number(tenth);
}

/** 0-100 from 0-5 stars in halves: times twenty. */
export function normaliseStars(raw: string): number {
  if (!STARS.test(raw)) throw new InvalidScoreError('stars', raw);
  const [whole = '0', half = '0'] = raw.split('.');
  return Number(whole) * 20 + (half === '5' ? 10 : 0);
}

/** 0-100 from a letter grade, A+ to F. */
export function normaliseLetter(raw: string): number {
  const value = LETTER_VALUES.get(raw);
  if (value === undefined) throw new InvalidScoreError('letter', raw);
  return value;
}

/**
 * A raw score on `scale` -> 0-100, or null for no score. Throws InvalidScoreError for
 * anything the scale does not allow (an unscored outlet's review has no raw score).
 */
export function normaliseScore(scale: ScoreScale, raw: string | null): number | null {
  if (raw === null) return null;
  switch (scale) {
    case 'hundred':
      return normaliseHundred(raw);
    case 'ten':
      return normaliseTen(raw);
    case 'stars':
      return normaliseStars(raw);
    case 'letter':
      return normaliseLetter(raw);
    case 'unscored':
      throw new InvalidScoreError(scale, raw);
  }
}

/**
 * The inverse of normaliseScore(): a 0-100 score written on `scale` the way an outlet on
 * that scale would write it (the nearest value the scale allows; null when unscored).
 */
export function denormaliseScore(score: number, scale: ScoreScale): string | null {
  const clamped = Math.max(0, Math.min(100, Math.round(score)));
  switch (scale) {
    case 'hundred':
      return String(clamped);
    case 'ten':
      return (clamped / 10).toFixed(1);
    case 'stars':
      return (Math.round(clamped / 10) / 2).toFixed(1).replace(/\.0$/, '');
    case 'letter': {
      let best: string = LETTER_GRADES[0]![0];
      let distance = Infinity;
      for (const [grade, value] of LETTER_GRADES) {
        if (Math.abs(value - clamped) < distance) {
          distance = Math.abs(value - clamped);
          best = grade;
        }
      }
      return best;
    }
    case 'unscored':
      return null;
  }
}

export function isValidRawScore(scale: ScoreScale, raw: string): boolean {
  try {
    normaliseScore(scale, raw);
    return true;
  } catch {
    return false;
  }
}

/** Every canonical raw score of a scale, best first (for pickers and exhaustive tests). */
export function rawScoresOf(scale: ScoreScale): string[] {
  switch (scale) {
    case 'hundred':
      return Array.from({ length: 101 }, (_, i) => String(100 - i));
    case 'ten':
      return Array.from({ length: 101 }, (_, i) => ((100 - i) / 10).toFixed(1));
    case 'stars':
      return Array.from({ length: 11 }, (_, i) => ((10 - i) / 2).toFixed(1));
    case 'letter':
      return LETTER_GRADES.map(([grade]) => grade);
    case 'unscored':
      return [];
  }
}

/** A raw score as people read it: "87/100", "8.5/10", "4.5/5 stars", "B+", "Unscored". */
export function formatRawScore(scale: ScoreScale, raw: string | null): string {
  if (raw === null) return 'Unscored';
  switch (scale) {
    case 'hundred':
      return `${raw}/100`;
    case 'ten':
      return `${raw}/10`;
    case 'stars':
      return `${raw}/5 stars`;
    case 'letter':
    case 'unscored':
      return raw;
  }
}

// Aggregates -----------------------------------------------------------------------------

/** A game's critic score is shown from this many scored reviews on; before that it is "TBD". */
export const MIN_SCORED_REVIEWS = 4;

/** Default recommendation threshold of an outlet (a scored review at or above it recommends). */
export const DEFAULT_RECOMMENDATION_THRESHOLD = 70;

/** Plain mean of the normalised scores, rounded half up; null below MIN_SCORED_REVIEWS. */
export function criticScore(scoreSum: number, scoredCount: number): number | null {
  if (scoredCount < MIN_SCORED_REVIEWS) return null;
  return roundHalfUp(scoreSum / scoredCount);
}

/** Share of reviews that recommend the game, in whole percent; null without reviews. */
export function recommendPercent(recommendedCount: number, reviewCount: number): number | null {
  if (reviewCount <= 0) return null;
  return roundHalfUp((100 * recommendedCount) / reviewCount);
}

/**
 * Rounds half up, like PostgreSQL's round(numeric) on the positive values used here. For
 * integer sums divided by counts, a result that is mathematically x.5 is exactly x.5 in
 * floating point (and nothing else comes within a rounding error of a half), so
 * Math.round gives the same answer as the database.
 */
export function roundHalfUp(value: number): number {
  return Math.round(value);
}

/** Does a scored review recommend the game? */
export function recommendsByScore(score: number, threshold: number): boolean {
  return score >= threshold;
}

// Bands ----------------------------------------------------------------------------------

export const SCORE_BANDS = [
  { key: 'acclaimed', label: 'Acclaimed', min: 90, max: 100, background: '#166534', foreground: '#ffffff' },
  { key: 'favourable', label: 'Favourable', min: 75, max: 89, background: '#3f6212', foreground: '#ffffff' },
  { key: 'mixed', label: 'Mixed', min: 50, max: 74, background: '#fcd34d', foreground: '#1c1917' },
  { key: 'unfavourable', label: 'Unfavourable', min: 20, max: 49, background: '#c2410c', foreground: '#ffffff' },
  { key: 'panned', label: 'Panned', min: 0, max: 19, background: '#991b1b', foreground: '#ffffff' },
] as const;
export type ScoreBand = (typeof SCORE_BANDS)[number];
export type ScoreBandKey = ScoreBand['key'];

/** Colours of a score that is not shown yet (TBD). */
export const TBD_COLOURS = { background: '#e5e7eb', foreground: '#1f2937' } as const;

export function scoreBand(score: number): ScoreBand {
  for (const band of SCORE_BANDS) if (score >= band.min) return band;
  throw new RangeError(`Not a 0-100 score: ${score}`);
}

// A review, and aggregating reviews in code (what the database trigger does in SQL) -------

export interface ReviewForAggregate {
  kind: 'review' | 'preview';
  score: number | null;
  recommended: boolean | null;
}

export interface CriticAggregate {
  reviewCount: number;
  scoredCount: number;
  scoreSum: number;
  recommendedCount: number;
  previewCount: number;
  bandCounts: Record<ScoreBandKey, number>;
  criticScore: number | null;
  recommendPercent: number | null;
}

export function emptyBandCounts(): Record<ScoreBandKey, number> {
  return { acclaimed: 0, favourable: 0, mixed: 0, unfavourable: 0, panned: 0 };
}

/** The aggregate of a game's published reviews, computed from the reviews themselves. */
export function aggregateReviews(reviews: readonly ReviewForAggregate[]): CriticAggregate {
  const result = {
    reviewCount: 0,
    scoredCount: 0,
    scoreSum: 0,
    recommendedCount: 0,
    previewCount: 0,
    bandCounts: emptyBandCounts(),
  };
  for (const review of reviews) {
    if (review.kind === 'preview') {
      result.previewCount += 1;
      continue;
    }
    result.reviewCount += 1;
    if (review.recommended) result.recommendedCount += 1;
    if (review.score !== null) {
      result.scoredCount += 1;
      result.scoreSum += review.score;
      result.bandCounts[scoreBand(review.score).key] += 1;
    }
  }
  return {
    ...result,
    criticScore: criticScore(result.scoreSum, result.scoredCount),
    recommendPercent: recommendPercent(result.recommendedCount, result.reviewCount),
  };
}

/** "TBD (2 of 4 reviews)"-style text for a score that is not shown yet. */
export function tbdLabel(scoredCount: number): string {
  return `TBD: ${scoredCount} of ${MIN_SCORED_REVIEWS} scored reviews`;
}
