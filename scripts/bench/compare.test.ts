import { describe, expect, it } from 'vitest';
import type { PageRow } from '../bench-report.ts';
import { judge, lineUp, median, spread, type ComparedFigure } from './compare.ts';

const p95 = (before: (number | null)[], after: (number | null)[]): ComparedFigure => ({
  row: '/games/{slug} uncached, br, gzip, 1 conn',
  measure: 'p95 (ms)',
  before,
  after,
});

describe('a comparison of two commits', () => {
  it('takes the middle of the rounds, and the mean of the two middle ones for an even count', () => {
    expect(median([12, 10, 30])).toBe(12);
    expect(median([10, 12])).toBe(11);
    expect(() => median([])).toThrow(RangeError);
  });

  it('measures the spread of one side as (max − min) / median', () => {
    expect(spread([10, 12])).toBeCloseTo(2 / 11);
    expect(spread([10, 10, 10])).toBe(0);
    expect(spread([0, 0])).toBe(0);
    expect(spread([0, 0, 1])).toBe(Infinity);
  });

  it('calls a p95 worse only when it rose by more than the larger spread of the two sides', () => {
    // Before 10-11 (spread 10 %), after 12-12.5 (spread 4 %): +18 % is beyond 10 %.
    const worse = judge(p95([10, 11], [12, 12.5]));
    expect(worse.beforeMedian).toBe(10.5);
    expect(worse.afterMedian).toBe(12.25);
    expect(worse.change).toBeCloseTo(1.75 / 10.5);
    expect(worse.beforeSpread).toBeCloseTo(1 / 10.5);
    expect(worse.verdict).toBe('worse beyond spread');
    // The same medians with a noisier before side (8 to 13: spread 48 %) are within it.
    expect(judge(p95([8, 10.5, 13], [12, 12.5])).verdict).toBe('within spread');
    expect(judge(p95([12, 12.5], [10, 11])).verdict).toBe('better beyond spread');
    expect(judge(p95([10, 10], [10, 10])).verdict).toBe('within spread');
  });

  it('reads req/s the other way round: fewer is worse', () => {
    const throughput = (before: number[], after: number[]): ComparedFigure => ({
      row: '/games/{slug} uncached, br, gzip, 32 conn',
      measure: 'req/s',
      before,
      after,
    });
    expect(judge(throughput([300, 310], [250, 255])).verdict).toBe('worse beyond spread');
    expect(judge(throughput([250, 255], [300, 310])).verdict).toBe('better beyond spread');
  });

  it('does not pass a figure that a round of either side could not measure', () => {
    const missing = judge(p95([10, null], [10, 10]));
    expect(missing.verdict).toBe('not measured');
    expect(missing.beforeMedian).toBeNull();
    expect(missing.afterMedian).toBe(10);
    expect(judge(p95([10, 10], [])).verdict).toBe('not measured');
  });

  it('lines up every row of every round by name, with req/s only where 32 connections make it a capacity', () => {
    const row = (connections: number, p95: number, perSecond: number, error?: string): PageRow => ({
      page: '/games/{slug}',
      cache: 'uncached',
      encoding: true,
      connections,
      result: { count: 100, p50: p95 / 2, p95, perSecond, bytes: 9000, errors: 0 },
      ...(error ? { error } : {}),
    });
    const write = (p95: number, refused = 0) => ({ name: 'posting a review', samples: 66, p50: 4, p95, refused });
    const figures = lineUp(
      [
        { pages: [row(1, 10, 90), row(32, 200, 300)], figures: [write(9)] },
        { pages: [row(1, 11, 88), row(32, 210, 290)], figures: [write(8)] },
      ],
      [
        { pages: [row(1, 12, 80), row(32, 220, 280)], figures: [write(9, 2)] },
        { pages: [row(1, 13, 78, 'ran out of uncached URLs (3 asked again)')], figures: [write(7)] },
      ],
    );
    expect(figures.map(({ row, measure }) => `${row} | ${measure}`)).toEqual([
      '/games/{slug} uncached, br, gzip, 1 conn | p95 (ms)',
      '/games/{slug} uncached, br, gzip, 32 conn | p95 (ms)',
      '/games/{slug} uncached, br, gzip, 32 conn | req/s',
      'posting a review | p95 (ms)',
    ]);
    expect(figures[0]).toMatchObject({ before: [10, 11], after: [12, null] });
    // A row the second after round never measured is missing there, not taken from elsewhere.
    expect(figures[2]).toMatchObject({ before: [300, 290], after: [280, null] });
    // A write some of whose requests were refused is not a figure of that round.
    expect(figures[3]).toMatchObject({ before: [9, 8], after: [null, 7] });
  });
});
