import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { OUTBOUND_CLICK } from './names.ts';
import {
  deviceFromWidth,
  pathOf,
  PERIODS,
  referrerHost,
  revenueCents,
  type AnalyticsEvent,
  type Period,
} from './event.ts';
import type { AnalyticsSummary, Breakdown } from './summary.ts';
import { saltDay, visitorHashInput } from './visitor.ts';

export type { AnalyticsSummary, Breakdown } from './summary.ts';

type Db = Kysely<Database>;

/** Analytics events older than this many days are deleted (13 months). */
export const ANALYTICS_RETENTION_DAYS = 395;

/** Today's salt, created by whoever asks first (a race creates it once). */
export async function dailySalt(db: Db, now: Date): Promise<string> {
  const day = saltDay(now);
  await db
    .insertInto('analytics_salts')
    .values({ day, salt: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

export function visitorHash(salt: string, domain: string, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(visitorHashInput(salt, domain, address, userAgent))
    .digest('hex')
    .slice(0, 32);
}

export interface EventSource {
  address: string;
  userAgent: string;
  now: Date;
}

/** Stores one validated event. The address and user agent are used for the hash only. */
export async function recordEvent(db: Db, event: AnalyticsEvent, source: EventSource): Promise<void> {
  const salt = await dailySalt(db, source.now);
  const domain = event.d.toLowerCase();
  const revenue = revenueCents(event.$);
  const outbound =
    event.n === OUTBOUND_CLICK && typeof event.p?.url === 'string' && URL.canParse(event.p.url)
      ? event.p.url.slice(0, 2000)
      : null;
  await db
    .insertInto('analytics_events')
    .values({
      occurred_at: source.now,
      name: event.n,
      path: pathOf(event.u, event.h === true || event.h === 1),
      referrer_host: referrerHost(event.r, domain),
      outbound_url: outbound,
      device: deviceFromWidth(event.w),
      visitor_hash: visitorHash(salt, domain, source.address, source.userAgent),
      props: event.p && Object.keys(event.p).length > 0 ? JSON.stringify(event.p) : null,
      revenue_cents: revenue ? String(revenue.cents) : null,
      revenue_currency: revenue?.currency ?? null,
    })
    .execute();
}

const TOP = 10;

/** The dashboard for the last day (hourly), week or month (daily). */
export async function analyticsSummary(db: Db, period: Period, now: Date): Promise<AnalyticsSummary> {
  const from = new Date(now.getTime() - PERIODS[period] * 86_400_000);
  const inRange = db.selectFrom('analytics_events').where('occurred_at', '>', from).where('occurred_at', '<=', now);
  const pageviews = inRange.where('name', '=', 'pageview');
  const unit = period === 'day' ? 'hour' : 'day';
  const breakdown = async (
    column: 'path' | 'referrer_host' | 'device' | 'outbound_url',
    query: typeof inRange,
  ): Promise<Breakdown[]> => {
    const rows = await query
      .select([
        sql<string>`${sql.ref(column)}`.as('key'),
        sql<string>`count(distinct visitor_hash)`.as('visitors'),
        sql<string>`count(*)`.as('count'),
      ])
      .where(column, 'is not', null)
      .groupBy(column)
      .orderBy(sql`count(distinct visitor_hash)`, 'desc')
      .orderBy(sql`count(*)`, 'desc')
      .limit(TOP)
      .execute();
    return rows.map((row) => ({ key: row.key, visitors: Number(row.visitors), count: Number(row.count) }));
  };
  const [totals, series, pages, referrers, devices, outbound] = await Promise.all([
    pageviews
      .select([sql<string>`count(distinct visitor_hash)`.as('visitors'), sql<string>`count(*)`.as('pageviews')])
      .executeTakeFirstOrThrow(),
    pageviews
      .select([
        sql<string>`to_char(date_trunc(${unit}, occurred_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00')`.as('bucket'),
        sql<string>`count(distinct visitor_hash)`.as('visitors'),
        sql<string>`count(*)`.as('pageviews'),
      ])
      .groupBy('bucket')
      .orderBy('bucket')
      .execute(),
    breakdown('path', pageviews),
    breakdown('referrer_host', pageviews),
    breakdown('device', pageviews),
    breakdown('outbound_url', inRange.where('name', '=', OUTBOUND_CLICK)),
  ]);
  return {
    period,
    from,
    to: now,
    visitors: Number(totals.visitors),
    pageviews: Number(totals.pageviews),
    series: series.map((row) => ({
      bucket: row.bucket,
      visitors: Number(row.visitors),
      pageviews: Number(row.pageviews),
    })),
    pages,
    referrers,
    devices,
    outbound,
  };
}

/** Retention: events past 13 months, and every salt older than yesterday (so old hashes cannot be recomputed). */
export async function deleteExpiredAnalytics(db: Db, now: Date): Promise<{ events: number; salts: number }> {
  const cutoff = new Date(now.getTime() - ANALYTICS_RETENTION_DAYS * 86_400_000);
  const yesterday = saltDay(new Date(now.getTime() - 86_400_000));
  const events = await db.deleteFrom('analytics_events').where('occurred_at', '<', cutoff).executeTakeFirst();
  const salts = await db.deleteFrom('analytics_salts').where('day', '<', yesterday).executeTakeFirst();
  return { events: Number(events.numDeletedRows), salts: Number(salts.numDeletedRows) };
}
