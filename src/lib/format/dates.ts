import { LOCALE, TIME_ZONE } from './locale.ts';

/**
 * Dates as people read them. A date is either a calendar date ('YYYY-MM-DD', as the
 * database returns `date` columns) or a moment (a Date, from `timestamptz` columns).
 * Formatting runs in UTC so that a date never shifts by the server's or the reader's
 * time zone, and the server and the browser print the same text.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const longFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: TIME_ZONE });
const mediumFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: TIME_ZONE });
const monthYearFormat = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: TIME_ZONE });
const weekdayFormat = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', timeZone: TIME_ZONE });
const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });

export type DateInput = string | Date;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function toDate(value: DateInput): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('Not a date: Invalid Date');
    return value;
  }
  if (!isIsoDate(value)) throw new RangeError(`Not a calendar date: ${JSON.stringify(value)}`);
  return new Date(`${value}T00:00:00Z`);
}

/**
 * Formatted dates, kept: a page prints the same few dates again and again (a list of reviews
 * published the same week, releases of the same day), and each Intl call and each check of a
 * calendar date costs microseconds, which a page of forty dates turns into a tenth of its
 * render. A moment is keyed by its UTC day, all these formats show; a calendar date by its
 * text. Bounded: emptied when full. Values that are not dates are never kept, so they still
 * throw every time.
 */
const formatted = new Map<string, string>();
export const FORMATTED_DATES_KEPT = 10_000;
const DAY_MS = 86_400_000;

function formatDate(format: Intl.DateTimeFormat, id: string, value: DateInput): string {
  const key = typeof value === 'string' ? `${id}${value}` : `${id}@${Math.floor(value.getTime() / DAY_MS)}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = format.format(toDate(value));
    if (formatted.size >= FORMATTED_DATES_KEPT) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** "September 17, 2013" */
export function formatLongDate(value: DateInput): string {
  return formatDate(longFormat, 'L', value);
}

/** "Sep 17, 2013" */
export function formatMediumDate(value: DateInput): string {
  return formatDate(mediumFormat, 'M', value);
}

/** "September 2013" */
export function formatMonthYear(value: DateInput): string {
  return formatDate(monthYearFormat, 'Y', value);
}

/** "Tuesday" */
export function formatWeekday(value: DateInput): string {
  return formatDate(weekdayFormat, 'W', value);
}

/** "2013", or "TBA" for a release date not announced yet. */
export function formatYear(isoDate: string | null): string {
  return isoDate === null ? 'TBA' : String(toDate(isoDate).getUTCFullYear());
}

/** "2026-11-22 06:00:00 UTC": an exact moment, for logs and technical pages. */
export function formatUtcTimestamp(value: Date | string): string {
  return `${new Date(value).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "3 hours ago", "yesterday", "in 2 days": `value` seen from `now`, in the largest whole unit. */
export function formatRelativeTime(value: Date, now: Date = new Date()): string {
  const seconds = Math.round((value.getTime() - now.getTime()) / 1000);
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return relativeFormat.format(0, 'second');
}

/** Today's date in UTC as 'YYYY-MM-DD' (what "released" and "upcoming" are measured against). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
