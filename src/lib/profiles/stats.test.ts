import { describe, expect, it } from 'vitest';
import {
  formatHours,
  isActiveYear,
  rankTallies,
  ratingHistogram,
  shareImageKey,
  summariseYears,
  yearImagePath,
  yearParamSchema,
} from './stats.ts';

describe('the rating histogram', () => {
  it('has a bucket for every half star, empty ones included, bars against the fullest', () => {
    const histogram = ratingHistogram([
      { rating: 10, reviews: 4 },
      { rating: 7, reviews: 2 },
      { rating: 1, reviews: 1 },
    ]);
    expect(histogram.buckets.map((bucket) => bucket.stars)).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
    expect(histogram.buckets.map((bucket) => bucket.count)).toEqual([1, 0, 0, 0, 0, 0, 2, 0, 0, 4]);
    expect(histogram.buckets[9]!.share).toBe(1);
    expect(histogram.buckets[6]!.share).toBe(0.5);
    expect(histogram.buckets[0]!.share).toBe(0.25);
    expect(histogram.total).toBe(7);
    // (10*4 + 7*2 + 1) / 7 = 7.857 out of 10: 3.9 stars
    expect(histogram.averageStars).toBe(3.9);
  });

  it('is all zeros without ratings, and ignores what no rating can be', () => {
    const histogram = ratingHistogram([
      { rating: 0, reviews: 3 },
      { rating: 11, reviews: 1 },
      { rating: 5, reviews: 0 },
    ]);
    expect(histogram.total).toBe(0);
    expect(histogram.averageStars).toBeNull();
    expect(histogram.buckets.every((bucket) => bucket.count === 0 && bucket.share === 0)).toBe(true);
  });
});

describe('favourite genres and platforms', () => {
  it('rank by games, then hours, then name, so ties always come out the same', () => {
    const ranked = rankTallies(
      [
        { name: 'Shooter', games: 3, hours: 10 },
        { name: 'Adventure', games: 3, hours: 10 },
        { name: 'RPG', games: 3, hours: 40 },
        { name: 'Puzzle', games: 5, hours: 1 },
        { name: 'Racing', games: 0, hours: 0 },
      ],
      4,
    );
    expect(ranked.map((tally) => tally.name)).toEqual(['Puzzle', 'RPG', 'Adventure', 'Shooter']);
  });

  it('keep to the limit and leave out empty tallies', () => {
    expect(rankTallies([{ name: 'A', games: 0, hours: 5 }], 3)).toEqual([]);
    expect(
      rankTallies(
        [
          { name: 'B', games: 1, hours: 0 },
          { name: 'A', games: 1, hours: 0 },
        ],
        1,
      ),
    ).toEqual([{ name: 'A', games: 1, hours: 0 }]);
  });
});

describe('the years of a profile', () => {
  const row = (year: number, extra: Partial<Parameters<typeof isActiveYear>[0]> = {}) => ({
    year,
    gamesPlayed: 0,
    gamesFinished: 0,
    hours: 0,
    reviews: 0,
    lists: 0,
    ...extra,
  });

  it('lists active years newest first, and counts undated hours only in the totals', () => {
    const summary = summariseYears([
      row(0, { gamesPlayed: 2, hours: 7.25 }),
      row(2024, { gamesPlayed: 1, gamesFinished: 1, hours: 3 }),
      row(2026, { lists: 1 }),
      row(2025, { reviews: 2 }),
    ]);
    expect(summary.years.map((year) => year.year)).toEqual([2026, 2025, 2024]);
    expect(summary.totalHours).toBe(10.3);
    expect(summary.undatedHours).toBe(7.3);
    expect(summary.totalFinished).toBe(1);
  });

  it('never makes year 0 or an empty year active', () => {
    expect(isActiveYear(row(0, { gamesPlayed: 3 }))).toBe(false);
    expect(isActiveYear(row(2025))).toBe(false);
    expect(isActiveYear(row(999, { gamesPlayed: 1 }))).toBe(false);
    expect(isActiveYear(row(1000, { gamesPlayed: 1 }))).toBe(true);
  });
});

describe('the year in the address', () => {
  it.each(['2025', '1999', '9999'])('accepts %s', (value) => {
    expect(yearParamSchema.safeParse(value)).toEqual({ success: true, data: Number(value) });
  });

  it.each(['0', '0999', '99999', 'abc', '', '2025.5', ' 2025', '-2025', '2025abc'])('refuses %j', (value) => {
    expect(yearParamSchema.safeParse(value).success).toBe(false);
  });
});

describe('share image keys', () => {
  it('change with anything the picture shows, and only then', () => {
    const base = { year: 2025, hours: 10, best: 'Game' };
    expect(shareImageKey(base)).toBe(shareImageKey({ ...base }));
    expect(shareImageKey(base)).not.toBe(shareImageKey({ ...base, hours: 10.5 }));
    expect(shareImageKey(base)).toMatch(/^[0-9a-z]{7}$/);
    expect(yearImagePath('Pat_01', 2025, 'abc1234')).toBe('/Pat_01/year/2025.png?v=abc1234');
  });

  it('reads hours for people', () => {
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(1204.25)).toBe('1,204.3 hours');
  });
});
