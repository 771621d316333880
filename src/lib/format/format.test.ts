import { describe, expect, it } from 'vitest';
import {
  formatLongDate,
  formatMediumDate,
  formatMonthYear,
  formatRelativeTime,
  formatUtcTimestamp,
  formatWeekday,
  formatYear,
  FORMATTED_DATES_KEPT,
  isIsoDate,
  todayIso,
} from './dates.ts';
import { formatCount, formatCountOf, formatDecimal, formatPercent } from './numbers.ts';

describe('dates', () => {
  it('print calendar dates and moments the same way, in UTC', () => {
    expect(formatLongDate('2013-09-17')).toBe('September 17, 2013');
    expect(formatMediumDate('2013-09-17')).toBe('Sep 17, 2013');
    expect(formatMonthYear('2013-09-17')).toBe('September 2013');
    expect(formatWeekday('2013-09-17')).toBe('Tuesday');
    // 23:30 in New York on the 16th is already the 17th in UTC: the date never depends on where the server is.
    expect(formatLongDate(new Date('2013-09-17T03:30:00Z'))).toBe('September 17, 2013');
    expect(formatMediumDate(new Date('2026-01-01T00:00:00Z'))).toBe('Jan 1, 2026');
  });

  it('refuse what is not a calendar date instead of printing "Invalid Date"', () => {
    for (const bad of ['2013-02-30', '17/09/2013', '2013-9-17', '']) {
      expect(isIsoDate(bad)).toBe(false);
      expect(() => formatLongDate(bad)).toThrow(RangeError);
    }
    expect(() => formatLongDate(new Date('nonsense'))).toThrow(RangeError);
  });

  it('print a date asked for again the same way, and the moments either side of a UTC midnight as two days', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(formatMediumDate(new Date('2013-09-17T23:59:59.999Z'))).toBe('Sep 17, 2013');
      expect(formatMediumDate(new Date('2013-09-18T00:00:00Z'))).toBe('Sep 18, 2013');
      expect(formatLongDate(new Date('1969-12-31T23:00:00Z'))).toBe('December 31, 1969');
      expect(formatLongDate(new Date('1970-01-01T00:00:00Z'))).toBe('January 1, 1970');
      expect(formatLongDate('2013-09-17')).toBe('September 17, 2013');
      expect(formatWeekday('2013-09-17')).toBe('Tuesday');
      expect(() => formatLongDate('2013-02-30')).toThrow(RangeError);
    }
  });

  it('keep printing every date correctly past the number of dates it keeps', () => {
    const first = Date.UTC(2000, 0, 1);
    for (let day = 0; day <= FORMATTED_DATES_KEPT + 10; day += 1) {
      const moment = new Date(first + day * 86_400_000);
      expect(formatMediumDate(moment)).toBe(
        moment.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
      );
    }
  });

  it('give the year of a release, or TBA', () => {
    expect(formatYear('1998-11-19')).toBe('1998');
    expect(formatYear(null)).toBe('TBA');
  });

  it('give exact moments for technical pages, and today in UTC', () => {
    expect(formatUtcTimestamp('2026-11-22T06:05:09.123Z')).toBe('2026-11-22 06:05:09 UTC');
    expect(todayIso(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
  });

  it('say how long ago or how soon, in the largest whole unit', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const at = (seconds: number) => formatRelativeTime(new Date(now.getTime() + seconds * 1000), now);
    expect(at(0)).toBe('now');
    expect(at(-30)).toBe('30 seconds ago');
    expect(at(-3 * 3600)).toBe('3 hours ago');
    expect(at(-86_400)).toBe('yesterday');
    expect(at(2 * 86_400)).toBe('in 2 days');
    expect(at(-400 * 86_400)).toBe('last year');
  });
});

describe('numbers', () => {
  it('group thousands and pair counts with their noun', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    for (const [value, text] of [
      [0, '0'],
      [999, '999'],
      [-999, '-999'],
      [1000, '1,000'],
      [-1000, '-1,000'],
      [-0, '-0'],
      [0.4, '0'],
      [999.6, '1,000'],
    ] as const) {
      expect(formatCount(value)).toBe(text);
    }
    expect(formatCountOf(1, 'game', 'games')).toBe('1 game');
    expect(formatCountOf(0, 'game', 'games')).toBe('0 games');
    expect(formatCountOf(100_000, 'game', 'games')).toBe('100,000 games');
  });

  it('show decimals and percentages', () => {
    expect(formatDecimal(82.5, 2)).toBe('82.50');
    expect(formatDecimal(1 / 3, 2)).toBe('0.33');
    expect(formatDecimal(2 / 3, 2)).toBe('0.67');
    expect(formatPercent(75)).toBe('75%');
  });
});
