import type { APIRoute } from 'astro';
import { buildIcs, monthRange, parseMonth, shiftMonth, type CalendarEvent } from '../lib/calendar/calendar.ts';
import { releasesBetween } from '../lib/calendar/calendar.server.ts';
import { getEnv } from '../lib/config/env.ts';
import { siteName } from '../lib/config/site.ts';
import { todayIso } from '../lib/format/dates.ts';
import { getDb } from '../lib/db/db.server.ts';

/**
 * The release calendar as iCalendar: ?month=YYYY-MM for one month (what the calendar page
 * shows), otherwise from last month to a year ahead, for subscribing.
 */
export const GET: APIRoute = async (context) => {
  const today = todayIso();
  const requested = context.url.searchParams.get('month');
  const { month, explicit } = parseMonth(requested, today);
  const first = monthRange(explicit ? month : shiftMonth(month, -1)).first;
  const last = monthRange(explicit ? month : shiftMonth(month, 12)).last;
  const db = await getDb();
  const days = await releasesBetween(db, first, last, 5_000);
  const origin = getEnv().siteOrigin;
  const host = new URL(origin).host;
  const events: CalendarEvent[] = days.flatMap((day) =>
    day.games.map((game) => ({
      uid: `release-${game.id}-${day.date}@${host}`,
      date: day.date,
      summary: `${game.title} (${game.platforms.join(', ')})`,
      description: `${game.isDemo ? 'Invented demo game. ' : ''}Release of ${game.title} on ${game.platforms.join(', ')}.`,
      url: `${origin}/games/${game.slug}`,
    })),
  );
  return new Response(buildIcs(events, { name: siteName(), stamp: new Date() }), {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="releases.ics"',
    },
  });
};
