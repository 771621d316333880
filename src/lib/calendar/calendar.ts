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
    if (year >= 1950 && year <= 2100) return { month: { year, month: Number(match[2]) }, explicit: true };
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

export function monthLabel(ym: YearMonth): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(ym.year, ym.month - 1, 1)),
  );
}

// iCalendar (RFC 5545) ------------------------------------------------------------------

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
  const stamp = options.stamp.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
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
