import { formatMonthYear } from '../format/dates.ts';
import { MAX_RELEASE_YEAR, MIN_RELEASE_YEAR } from '../games/facets.ts';

/**
 * The release calendar: one month at a time (/calendar?month=2026-12), and the same
 * releases as an iCalendar feed (/calendar.ics) that calendar apps can subscribe to.
 */

export interface YearMonth {
  year: number;
  month: number; // 1-12
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function monthKey({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** ?month=YYYY-MM, or the month of `today` when absent or malformed (a stale link still shows a calendar). */
export function parseMonth(value: string | null | undefined, today: string): { month: YearMonth; explicit: boolean } {
  const match = MONTH.exec(value ?? '');
  if (match) {
    const year = Number(match[1]);
    if (year >= MIN_RELEASE_YEAR && year <= MAX_RELEASE_YEAR)
      return { month: { year, month: Number(match[2]) }, explicit: true };
  }
  return { month: { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) }, explicit: false };
}

export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** First and last day of the month as 'YYYY-MM-DD'. */
export function monthRange(ym: YearMonth): { first: string; last: string } {
  const last = new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
  return { first: `${monthKey(ym)}-01`, last: `${monthKey(ym)}-${String(last).padStart(2, '0')}` };
}

/** "March 2026" */
export function monthLabel(ym: YearMonth): string {
  return formatMonthYear(`${monthKey(ym)}-01`);
}

// iCalendar (RFC 5545) ------------------------------------------------------------------
// Written here, not with the `ics` package: it checks every event against a schema, which
// at this feed's release cap blocks the event loop many times longer than writing the
// text does, and it folds lines at 75 characters where RFC 5545 counts 75 octets
// (docs/decisions/standard-formats.md).

export interface CalendarEvent {
  uid: string;
  /** All-day event on this date ('YYYY-MM-DD'). */
  date: string;
  summary: string;
  description?: string | undefined;
  url?: string | undefined;
}

/** Escapes TEXT values: backslash, semicolon, comma and newlines. */
export function escapeIcsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line to at most 75 octets per line (continuations start with a space). */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function basicDate(date: string): string {
  return date.replace(/-/g, '');
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export function buildIcs(events: readonly CalendarEvent[], options: { name: string; stamp: Date }): string {
  const stamp = options.stamp
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(options.name)}//Release calendar//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(`${options.name} release calendar`)}`,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(event.date))}`,
      `SUMMARY:${escapeIcsText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeIcsText(event.description)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

// The calendar's days and events ------------------------------------------------------------

export interface CalendarGame {
  id: number;
  slug: string;
  title: string;
  platforms: string[];
  criticScore: number | null;
  scoredCount: number;
  /** The kept user score's counted ratings and their sum. */
  userRatingCount: number;
  userRatingSum: number;
  isDemo: boolean;
}

/** One day of releases: every platform release counts (a port on a later date is a release of its own). */
export interface CalendarDay {
  date: string;
  games: CalendarGame[];
}

/**
 * The dates an .ics feed covers: one month when ?month= names it (what the calendar page
 * shows), else from last month to a year ahead, for subscribing.
 */
export function icsRange(month: YearMonth, explicit: boolean): { first: string; last: string } {
  return {
    first: monthRange(explicit ? month : shiftMonth(month, -1)).first,
    last: monthRange(explicit ? month : shiftMonth(month, 12)).last,
  };
}

/** One all-day event per game and release day, linking to the game's page. */
export function releaseEvents(days: readonly CalendarDay[], origin: string): CalendarEvent[] {
  const host = new URL(origin).host;
  return days.flatMap((day) =>
    day.games.map((game) => ({
      uid: `release-${game.id}-${day.date}@${host}`,
      date: day.date,
      summary: `${game.title} (${game.platforms.join(', ')})`,
      description: `${game.isDemo ? 'Invented demo game. ' : ''}Release of ${game.title} on ${game.platforms.join(', ')}.`,
      url: `${origin}/games/${game.slug}`,
    })),
  );
}
