import { describe, expect, it } from 'vitest';
import { formatMediumDate } from '../format/dates.ts';
import { DAY_MS, dayWindow, detectAnomalies, median, windowNotice, type DayCount } from './review-bomb.ts';

/** A synthetic daily series: `counts[i]` reviews on the i-th day from 2026-01-01. */
function series(counts: number[]): DayCount[] {
  const start = Date.parse('2026-01-01T00:00:00Z');
  return counts.map((count, i) => ({ day: new Date(start + i * DAY_MS).toISOString().slice(0, 10), count }));
}

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});

describe('the review-bomb rule', () => {
  it('flags a day with more than 5 times the 30-day median and at least 20 reviews', () => {
    const days = series([...Array<number>(30).fill(4), 21]);
    expect(detectAnomalies(days)).toEqual([{ day: '2026-01-31', count: 21, median: 4 }]);
  });

  it('does not flag exactly 5 times the median', () => {
    expect(detectAnomalies(series([...Array<number>(30).fill(4), 20]))).toEqual([]);
  });

  it('does not flag fewer than 20 reviews however quiet the game was', () => {
    expect(detectAnomalies(series([...Array<number>(30).fill(0), 19]))).toEqual([]);
    expect(detectAnomalies(series([...Array<number>(30).fill(0), 20]))).toEqual([
      { day: '2026-01-31', count: 20, median: 0 },
    ]);
  });

  it('counts days without reviews as zero in the median', () => {
    // 10 busy days out of 30 leave a median of 0: any day of 20 or more is a burst.
    const days = series([...Array<number>(20).fill(0), ...Array<number>(10).fill(50), 25]).filter((d) => d.count > 0);
    expect(detectAnomalies(days, ['2026-01-31'])).toEqual([{ day: '2026-01-31', count: 25, median: 0 }]);
  });

  it('leaves a steadily popular game alone', () => {
    const days = series(Array<number>(60).fill(0)).map((d, i) => ({ ...d, count: 90 + (i % 20) }));
    expect(
      detectAnomalies(
        days,
        days.slice(30).map((d) => d.day),
      ),
    ).toEqual([]);
  });

  it('looks only at the 30 days before the day', () => {
    // A busy month long ago does not raise the baseline of a quiet recent month.
    const days = series([...Array<number>(30).fill(200), ...Array<number>(30).fill(2), 30]);
    expect(detectAnomalies(days, ['2026-03-02'])).toEqual([{ day: '2026-03-02', count: 30, median: 2 }]);
  });
});

describe('the notice of a flagged window', () => {
  it('reads as a sentence: "on" one day, "from ... to" several', () => {
    // The page shows a window up to the last instant before it ends.
    const { startsAt, endsAt } = dayWindow('2026-11-28');
    expect(windowNotice(startsAt, new Date(endsAt.getTime() - 1), formatMediumDate)).toBe(
      'Unusual review activity on Nov 28, 2026: these reviews are shown but not counted.',
    );
    expect(windowNotice(startsAt, new Date(endsAt.getTime() + DAY_MS - 1), formatMediumDate)).toBe(
      'Unusual review activity from Nov 28, 2026 to Nov 29, 2026: these reviews are shown but not counted.',
    );
  });
});
