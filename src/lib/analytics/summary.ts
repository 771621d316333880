import type { Period } from './event.ts';

/** The analytics dashboard's figures (computed by analyticsSummary in analytics.server.ts). */

export interface Breakdown {
  key: string;
  visitors: number;
  count: number;
}

export interface AnalyticsSummary {
  period: Period;
  from: Date;
  to: Date;
  visitors: number;
  pageviews: number;
  series: { bucket: string; visitors: number; pageviews: number }[];
  pages: Breakdown[];
  referrers: Breakdown[];
  devices: Breakdown[];
  outbound: Breakdown[];
}
