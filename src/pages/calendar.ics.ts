import type { APIRoute } from 'astro';
import { releaseCalendarIcs } from '../lib/calendar/calendar.server.ts';
import { getEnv } from '../lib/config/env.ts';
import { siteName } from '../lib/config/site.ts';
import { todayIso } from '../lib/format/dates.ts';
import { getDb } from '../lib/db/db.server.ts';

/**
 * The release calendar as iCalendar: ?month=YYYY-MM for one month (what the calendar page
 * shows), otherwise from last month to a year ahead, for subscribing.
 */
export const GET: APIRoute = async (context) => {
  const db = await getDb();
  const ics = await releaseCalendarIcs(db, {
    monthParam: context.url.searchParams.get('month'),
    today: todayIso(),
    origin: getEnv().siteOrigin,
    name: siteName(),
    stamp: new Date(),
  });
  return new Response(ics, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="releases.ics"',
    },
  });
};
