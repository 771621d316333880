// Pure helpers of `npm run bench`: percentiles, targets and the cells of the tables.

/** The q-quantile (0..1) of the samples by the nearest-rank method; 0 for no samples. */
export function percentile(samples: readonly number[], q: number): number {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`A quantile is between 0 and 1, not ${q}.`);
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1]!;
}

export interface Summary {
  count: number;
  p50: number;
  p95: number;
}

export const summarise = (samples: readonly number[]): Summary => ({
  count: samples.length,
  p50: percentile(samples, 0.5),
  p95: percentile(samples, 0.95),
});

/** A figure's target: at most (latency) or at least (throughput, ratios) `value`. */
export interface Target {
  value: number;
  kind: 'max' | 'min';
  unit: 'ms' | 's' | 'x' | 'req/s';
}

export const atMost = (value: number, unit: Target['unit'] = 'ms'): Target => ({ value, kind: 'max', unit });
export const atLeast = (value: number, unit: Target['unit'] = 'x'): Target => ({ value, kind: 'min', unit });

export function meets(figure: number, target: Target): boolean {
  return target.kind === 'max' ? figure <= target.value : figure >= target.value;
}

/** "≤ 25 ms", "≥ 0.8x". */
export function describeTarget(target: Target): string {
  const unit = target.unit === 'x' ? 'x' : ` ${target.unit}`;
  return `${target.kind === 'max' ? '≤' : '≥'} ${target.value}${unit}`;
}

/** The verdict cell beside a figure: met, or MISSED, or no target. */
export function verdict(figure: number | null, target: Target | undefined): string {
  if (!target) return '';
  if (figure === null || !Number.isFinite(figure)) return 'not measured';
  return meets(figure, target) ? 'met' : 'MISSED';
}

/** Milliseconds with one decimal, or a dash when there is no figure. */
export const ms = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(1);

/** A ratio of two throughputs with two decimals ("0.42x"), or a dash when either is missing. */
export function ratio(numerator: number | null | undefined, denominator: number | null | undefined): string {
  if (!numerator || !denominator || !Number.isFinite(numerator) || !Number.isFinite(denominator)) return '–';
  return `${(numerator / denominator).toFixed(2)}x`;
}

/** Rows of cells as a Markdown table: first column left-aligned, the others right-aligned. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** The same rows aligned for a terminal. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
