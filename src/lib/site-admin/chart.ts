/**
 * The analytics chart as SVG geometry, computed on the server: no charting script on the
 * page. Bars for page views, a line for visitors.
 */

export interface ChartPoint {
  label: string;
  pageviews: number;
  visitors: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  max: number;
  bars: { x: number; y: number; width: number; height: number; label: string; pageviews: number; visitors: number }[];
  line: string;
}

export function chartGeometry(points: readonly ChartPoint[], width = 720, height = 200): ChartGeometry {
  const max = Math.max(1, ...points.map((p) => p.pageviews));
  const slot = points.length > 0 ? width / points.length : width;
  const scale = (value: number) => (value / max) * (height - 10);
  const bars = points.map((p, i) => {
    const h = scale(p.pageviews);
    return {
      x: i * slot + slot * 0.15,
      y: height - h,
      width: slot * 0.7,
      height: h,
      label: p.label,
      pageviews: p.pageviews,
      visitors: p.visitors,
    };
  });
  const line = points
    .map(
      (p, i) => `${i === 0 ? 'M' : 'L'}${(i * slot + slot / 2).toFixed(1)},${(height - scale(p.visitors)).toFixed(1)}`,
    )
    .join(' ');
  return { width, height, max, bars, line };
}

/** Fills the buckets with no page views so the chart's time axis has no gaps. */
export function fillBuckets(
  series: readonly { bucket: string; pageviews: number; visitors: number }[],
  from: Date,
  to: Date,
  unit: 'hour' | 'day',
): ChartPoint[] {
  const byBucket = new Map(series.map((s) => [s.bucket, s]));
  const step = unit === 'hour' ? 3_600_000 : 86_400_000;
  const start = new Date(from);
  if (unit === 'hour') start.setUTCMinutes(0, 0, 0);
  else start.setUTCHours(0, 0, 0, 0);
  const points: ChartPoint[] = [];
  for (let t = start.getTime(); t <= to.getTime(); t += step) {
    const bucket = new Date(t).toISOString().slice(0, unit === 'hour' ? 13 : 10) + (unit === 'hour' ? ':00' : 'T00:00');
    const found = byBucket.get(bucket);
    points.push({ label: bucket, pageviews: found?.pageviews ?? 0, visitors: found?.visitors ?? 0 });
  }
  return points;
}
