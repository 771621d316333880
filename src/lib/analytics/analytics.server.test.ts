import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { analyticsSummary, dailySalt, deleteExpiredAnalytics, recordEvent, visitorHash } from './analytics.server.ts';
import { eventSchema } from './event.ts';

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection.close();
});

const ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';
const day1 = new Date('2026-11-20T10:00:00Z');
const day1Later = new Date('2026-11-20T23:59:00Z');
const day2 = new Date('2026-11-21T00:01:00Z');

describe('the daily salted visitor hash', () => {
  it('is the same all day and unrelated the next day', async () => {
    const { db } = connection;
    const [a, b, c] = [await dailySalt(db, day1), await dailySalt(db, day1Later), await dailySalt(db, day2)];
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    const today = visitorHash(a, 'site.example', '203.0.113.7', ua);
    expect(visitorHash(b, 'site.example', '203.0.113.7', ua)).toBe(today);
    expect(visitorHash(c, 'site.example', '203.0.113.7', ua)).not.toBe(today);
    expect(visitorHash(a, 'site.example', '203.0.113.8', ua)).not.toBe(today);
    // A digest, not the address: 32 hex digits ('203' alone turns up in one random digest in 150).
    expect(today).toMatch(/^[0-9a-f]{32}$/);
  });

  it('forgets old salts: after the clean-up a past day gets a new salt', async () => {
    const { db } = connection;
    const old = await dailySalt(db, day1);
    await deleteExpiredAnalytics(db, new Date('2026-11-23T00:00:00Z'));
    expect(await dailySalt(db, day1)).not.toBe(old);
  });
});

describe('recording and summing up', () => {
  it('counts page views and unique visitors, top pages, referrers, devices and outbound links without storing an address', async () => {
    const { db } = connection;
    const now = new Date('2026-11-22T12:00:00Z');
    const event = (u: string, extra: Record<string, unknown> = {}) =>
      eventSchema.parse({ n: 'pageview', u, d: 'site.example', w: 390, ...extra });
    await recordEvent(db, event('https://site.example/games?token=secret', { r: 'https://news.example/a' }), {
      address: '198.51.100.1',
      userAgent: ua,
      now,
    });
    await recordEvent(db, event('https://site.example/games'), { address: '198.51.100.1', userAgent: ua, now });
    await recordEvent(db, event('https://site.example/faq', { w: 1600 }), {
      address: '198.51.100.2',
      userAgent: ua,
      now,
    });
    await recordEvent(
      db,
      eventSchema.parse({
        n: 'Outbound Link: Click',
        u: 'https://site.example/faq',
        d: 'site.example',
        p: { url: 'https://outlet.example/review' },
      }),
      {
        address: '198.51.100.2',
        userAgent: ua,
        now,
      },
    );
    const summary = await analyticsSummary(db, 'day', new Date('2026-11-22T13:00:00Z'));
    expect(summary.pageviews).toBe(3);
    expect(summary.visitors).toBe(2);
    expect(summary.pages[0]).toEqual({ key: '/games', visitors: 1, count: 2 });
    expect(summary.referrers).toEqual([{ key: 'news.example', visitors: 1, count: 1 }]);
    expect(summary.devices.map((d) => d.key).sort()).toEqual(['desktop', 'mobile']);
    expect(summary.outbound).toEqual([{ key: 'https://outlet.example/review', visitors: 1, count: 1 }]);
    expect(summary.series).toEqual([{ bucket: '2026-11-22T12:00', visitors: 2, pageviews: 3 }]);
    const stored = JSON.stringify(await db.selectFrom('analytics_events').selectAll().execute());
    expect(stored).not.toContain('198.51.100');
    expect(stored).not.toContain('secret');
    expect((await analyticsSummary(db, 'day', new Date('2026-11-24T13:00:00Z'))).pageviews).toBe(0);
    expect((await analyticsSummary(db, 'week', new Date('2026-11-24T13:00:00Z'))).pageviews).toBe(3);
  });
});
