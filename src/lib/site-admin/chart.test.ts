import { describe, expect, it } from 'vitest';
import { chartGeometry, fillBuckets } from './chart.ts';

describe('the analytics chart', () => {
  it('fills empty hours and scales bars to the busiest one', () => {
    const points = fillBuckets(
      [{ bucket: '2026-11-22T10:00', pageviews: 4, visitors: 2 }],
      new Date('2026-11-22T08:30:00Z'),
      new Date('2026-11-22T11:10:00Z'),
      'hour',
    );
    expect(points.map((p) => [p.label, p.pageviews])).toEqual([
      ['2026-11-22T08:00', 0],
      ['2026-11-22T09:00', 0],
      ['2026-11-22T10:00', 4],
      ['2026-11-22T11:00', 0],
    ]);
    const chart = chartGeometry(points, 400, 100);
    expect(chart.bars[2]!.height).toBe(90);
    expect(chart.bars[0]!.height).toBe(0);
    expect(chart.line.startsWith('M')).toBe(true);
  });

  it('fills days for a week', () => {
    expect(fillBuckets([], new Date('2026-11-15T12:00:00Z'), new Date('2026-11-22T12:00:00Z'), 'day')).toHaveLength(8);
  });
});
