/**
 * The review-bomb guard's rule: a UTC day whose new-review count is more than 5 times the
 * game's median daily count over the previous 30 days, with at least 20 reviews that day,
 * opens an anomaly window for that day. Reviews in a game's first 36 hours after release
 * are held the same way (a launch window). Reviews inside a flagged window are shown,
 * marked, and not counted until an administrator clears the window.
 */

export const REVIEW_BOMB = {
  multiple: 5,
  minDayCount: 20,
  baselineDays: 30,
  launchHours: 36,
} as const;

export const DAY_MS = 86_400_000;

/** Median of numbers (0 for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface DayCount {
  /** YYYY-MM-DD (UTC). */
  day: string;
  count: number;
}

export interface Anomaly {
  day: string;
  count: number;
  median: number;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The anomalous days among `days` (each checked against the 30 days before it; a day with
 * no entry had no reviews). `days` may come in any order and skip empty days.
 */
export function detectAnomalies(
  days: readonly DayCount[],
  check: readonly string[] = days.map((d) => d.day),
): Anomaly[] {
  const byDay = new Map(days.map((d) => [d.day, d.count]));
  const found: Anomaly[] = [];
  for (const day of check) {
    const count = byDay.get(day) ?? 0;
    if (count < REVIEW_BOMB.minDayCount) continue;
    const before = Array.from({ length: REVIEW_BOMB.baselineDays }, (_, i) => byDay.get(addDays(day, -(i + 1))) ?? 0);
    const m = median(before);
    if (count > REVIEW_BOMB.multiple * m) found.push({ day, count, median: m });
  }
  return found.sort((a, b) => a.day.localeCompare(b.day));
}

/** The window of one UTC day. */
export function dayWindow(day: string): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(`${day}T00:00:00Z`);
  return { startsAt, endsAt: new Date(startsAt.getTime() + DAY_MS) };
}

/**
 * The notice on the game page for one flagged window, a sentence: "on {day}" for a window
 * within one day (as the formatted dates say), "from {day} to {day}" otherwise.
 */
export function windowNotice(startsAt: Date, endsAt: Date, format: (d: Date) => string): string {
  const [from, to] = [format(startsAt), format(endsAt)];
  const when = from === to ? `on ${from}` : `from ${from} to ${to}`;
  return `Unusual review activity ${when}: these reviews are shown but not counted.`;
}
