import { describe, expect, it } from 'vitest';
import {
  atLeast,
  atMost,
  describeTarget,
  markdownTable,
  ms,
  percentile,
  ratio,
  summarise,
  textTable,
  verdict,
} from './stats.ts';

describe('percentile', () => {
  it('takes the nearest rank, whatever the order of the samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1
    expect(percentile(samples, 0.5)).toBe(50);
    expect(percentile(samples, 0.95)).toBe(95);
    expect(percentile(samples, 1)).toBe(100);
    expect(percentile(samples, 0)).toBe(1);
  });

  it('gives the single sample, and 0 for none', () => {
    expect(percentile([7.5], 0.95)).toBe(7.5);
    expect(percentile([], 0.95)).toBe(0);
  });

  it('does not sort the caller’s array', () => {
    const samples = [3, 1, 2];
    percentile(samples, 0.5);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('refuses a quantile outside 0..1', () => {
    expect(() => percentile([1], 95)).toThrow(RangeError);
  });

  it('summarises p50 and p95 with the count', () => {
    expect(summarise([10, 20, 30, 40])).toEqual({ count: 4, p50: 20, p95: 40 });
  });
});

describe('targets', () => {
  it('judges latency as at most and throughput as at least', () => {
    expect(verdict(25, atMost(25))).toBe('met');
    expect(verdict(25.1, atMost(25))).toBe('MISSED');
    expect(verdict(0.8, atLeast(0.8))).toBe('met');
    expect(verdict(0.79, atLeast(0.8))).toBe('MISSED');
  });

  it('says when a figure is missing, and nothing without a target', () => {
    expect(verdict(null, atMost(10))).toBe('not measured');
    expect(verdict(Number.NaN, atMost(10))).toBe('not measured');
    expect(verdict(3, undefined)).toBe('');
  });

  it('writes targets as a reader reads them', () => {
    expect(describeTarget(atMost(25))).toBe('≤ 25 ms');
    expect(describeTarget(atMost(2, 's'))).toBe('≤ 2 s');
    expect(describeTarget(atLeast(0.8))).toBe('≥ 0.8x');
  });
});

describe('cells and tables', () => {
  it('formats milliseconds and ratios, with a dash for a missing figure', () => {
    expect(ms(12.345)).toBe('12.3');
    expect(ms(null)).toBe('–');
    expect(ratio(728, 6632)).toBe('0.11x');
    expect(ratio(728, 0)).toBe('–');
    expect(ratio(undefined, 5)).toBe('–');
  });

  it('writes a Markdown table with right-aligned figures and escaped pipes', () => {
    expect(markdownTable(['page', 'p95'], [['a|b', '1.0']])).toBe('| page | p95 |\n| --- | ---: |\n| a\\|b | 1.0 |');
  });

  it('aligns a text table on the widest cell', () => {
    expect(
      textTable(
        ['page', 'p95'],
        [
          ['/lists', '1.0'],
          ['/x', '12.5'],
        ],
      ),
    ).toBe('page     p95\n/lists   1.0\n/x      12.5');
  });
});
