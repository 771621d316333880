import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { analyticsSummary, type AnalyticsSummary } from '../analytics/analytics.server.ts';
import { isPeriod, type Period } from '../analytics/event.ts';
import { latestContactMessages, type ContactMessageRow } from '../contact/contact.server.ts';
import { latestErrorReports, type ErrorReportRow } from '../errors/report.server.ts';
import { chartGeometry, fillBuckets, type ChartGeometry } from './chart.ts';

export const SITE_ADMIN_VIEWS = { analytics: 'Analytics', errors: 'Errors', contact: 'Contact messages' } as const;
export type SiteAdminView = keyof typeof SITE_ADMIN_VIEWS;

export type SiteAdminData =
  | { view: 'analytics'; period: Period; summary: AnalyticsSummary; chart: ChartGeometry }
  | { view: 'errors'; reports: ErrorReportRow[] }
  | { view: 'contact'; messages: ContactMessageRow[] };

/** What /admin/site shows for `?view=` and `?period=` (unknown values fall back to the defaults). */
export async function loadSiteAdmin(
  db: Kysely<Database>,
  params: URLSearchParams,
  now: Date = new Date(),
): Promise<SiteAdminData> {
  const view = params.get('view');
  if (view === 'errors') return { view, reports: await latestErrorReports(db, 100) };
  if (view === 'contact') return { view, messages: await latestContactMessages(db, 100) };
  const periodParam = params.get('period');
  const period: Period = isPeriod(periodParam) ? periodParam : 'week';
  const summary = await analyticsSummary(db, period, now);
  const chart = chartGeometry(fillBuckets(summary.series, summary.from, summary.to, period === 'day' ? 'hour' : 'day'));
  return { view: 'analytics', period, summary, chart };
}
