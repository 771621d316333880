// The maths of a comparison (scripts/bench-compare.ts): the same figure measured in every
// round on both sides, each side's median and spread, and whether the after side is worse
// by more than the rounds of one commit differ among themselves.
import type { FigureRow, PageRow } from '../bench-report.ts';

/** Which way is worse: a latency that rises, or a throughput that falls. */
export type Measure = 'p95 (ms)' | 'req/s';

/** One figure of one row, as measured in each round; null where a round could not measure it. */
export interface ComparedFigure {
  row: string;
  measure: Measure;
  before: (number | null)[];
  after: (number | null)[];
}

export type Verdict = 'worse beyond spread' | 'better beyond spread' | 'within spread' | 'not measured';

export interface JudgedFigure extends ComparedFigure {
  beforeMedian: number | null;
  afterMedian: number | null;
  /** (after − before) / before, of the medians. */
  change: number | null;
  beforeSpread: number | null;
  afterSpread: number | null;
  verdict: Verdict;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('The median of no values is undefined.');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * How far apart the rounds of one side are: (max − min) / median. Two rounds of the same
 * commit that read 10 and 12 ms have a spread of 2 / 11, 18 %.
 */
export function spread(values: readonly number[]): number {
  const middle = median(values);
  if (middle === 0) return Math.max(...values) === Math.min(...values) ? 0 : Infinity;
  return (Math.max(...values) - Math.min(...values)) / middle;
}

const complete = (values: readonly (number | null)[]): values is number[] =>
  values.length > 0 && values.every((value) => value !== null && Number.isFinite(value));

/**
 * A figure's verdict. Its noise is the larger of the two sides' spreads; the after side is
 * worse beyond it when its median is worse than the before side's by more than that share
 * of the before median (higher for a p95, lower for req/s). A figure missing from any round
 * of either side is not measured: a refused or failed round is not a pass.
 */
export function judge(figure: ComparedFigure): JudgedFigure {
  const { before, after } = figure;
  if (!complete(before) || !complete(after))
    return {
      ...figure,
      beforeMedian: complete(before) ? median(before) : null,
      afterMedian: complete(after) ? median(after) : null,
      change: null,
      beforeSpread: complete(before) ? spread(before) : null,
      afterSpread: complete(after) ? spread(after) : null,
      verdict: 'not measured',
    };
  const beforeMedian = median(before);
  const afterMedian = median(after);
  const beforeSpread = spread(before);
  const afterSpread = spread(after);
  const change = beforeMedian === 0 ? (afterMedian === 0 ? 0 : Infinity) : (afterMedian - beforeMedian) / beforeMedian;
  const noise = Math.max(beforeSpread, afterSpread);
  // A rise in latency or a fall in throughput is worse.
  const worse = figure.measure === 'req/s' ? -change : change;
  const verdict = worse > noise ? 'worse beyond spread' : -worse > noise ? 'better beyond spread' : 'within spread';
  return { ...figure, beforeMedian, afterMedian, change, beforeSpread, afterSpread, verdict };
}

/** What one side measured in one round: its page rows and its write figures. */
export interface RoundResult {
  pages: PageRow[];
  figures: FigureRow[];
}

/** The name a page row goes by in a comparison: page, cache, coding, connections. */
export const pageRowName = (row: PageRow): string =>
  `${row.page} ${row.cache}, ${row.encoding ? 'br, gzip' : 'no encoding'}, ${row.connections} conn`;

/**
 * Every figure of every round lined up by row: the p95 of each page row and write, and the
 * req/s of the rows at 32 connections (at one connection req/s is the inverse of the mean
 * latency, and the paced probes' req/s is their pace). Rows in the order they were first
 * measured; a row one side never measured still appears, not measured.
 */
export function lineUp(before: readonly RoundResult[], after: readonly RoundResult[]): ComparedFigure[] {
  const figures = new Map<string, ComparedFigure>();
  const rounds = Math.max(before.length, after.length);
  const add = (side: 'before' | 'after', round: number, row: string, measure: Measure, value: number | null) => {
    const key = `${row}\u0000${measure}`;
    let figure = figures.get(key);
    if (!figure) {
      const none = () => Array.from({ length: rounds }, (): number | null => null);
      figure = { row, measure, before: none(), after: none() };
      figures.set(key, figure);
    }
    figure[side][round] = value;
  };
  for (const [side, results] of [
    ['before', before],
    ['after', after],
  ] as const)
    results.forEach(({ pages, figures: writes }, round) => {
      for (const row of pages) {
        const measured = row.result && !row.error ? row.result : null;
        add(side, round, pageRowName(row), 'p95 (ms)', measured?.p95 ?? null);
        if (row.connections === 32) add(side, round, pageRowName(row), 'req/s', measured?.perSecond ?? null);
      }
      for (const write of writes) add(side, round, write.name, 'p95 (ms)', write.refused ? null : write.p95);
    });
  return [...figures.values()];
}
