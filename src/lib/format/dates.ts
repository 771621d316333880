/**
 * Calendar dates ('YYYY-MM-DD', as the database returns `date` columns) formatted for
 * people. Formatting runs in UTC so that a date never shifts by the server's time zone.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const longFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const mediumFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const monthYearFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function toUtcDate(isoDate: string): Date {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not a calendar date: ${JSON.stringify(isoDate)}`);
  return new Date(`${isoDate}T00:00:00Z`);
}

/** "September 17, 2013" */
export function formatLongDate(isoDate: string): string {
  return longFormat.format(toUtcDate(isoDate));
}

/** "Sep 17, 2013" */
export function formatMediumDate(isoDate: string): string {
  return mediumFormat.format(toUtcDate(isoDate));
}

/** "September 2013" */
export function formatMonthYear(isoDate: string): string {
  return monthYearFormat.format(toUtcDate(isoDate));
}

/** Today's date in UTC as 'YYYY-MM-DD' (what "released" and "upcoming" are measured against). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
