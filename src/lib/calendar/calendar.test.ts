import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, monthKey, monthLabel, monthRange, parseMonth, shiftMonth } from './calendar.ts';

describe('months', () => {
  it('reads ?month=YYYY-MM and falls back to the current month', () => {
    expect(parseMonth('2026-12', '2026-11-22')).toEqual({ month: { year: 2026, month: 12 }, explicit: true });
    expect(parseMonth('2026-13', '2026-11-22')).toEqual({ month: { year: 2026, month: 11 }, explicit: false });
    expect(parseMonth(null, '2026-11-22').month).toEqual({ year: 2026, month: 11 });
  });
  it('moves across years and knows month lengths', () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthRange({ year: 2024, month: 2 })).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthKey({ year: 2026, month: 3 })).toBe('2026-03');
    expect(monthLabel({ year: 2026, month: 3 })).toBe('March 2026');
  });
});

describe('iCalendar', () => {
  it('escapes text and folds long lines at 75 octets', () => {
    expect(escapeIcsText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const folded = foldIcsLine(`SUMMARY:${'é'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.split('\r\n').slice(1).every((line) => line.startsWith(' '))).toBe(true);
  });
  it('writes all-day events with CRLF line ends', () => {
    const ics = buildIcs([{ uid: 'game-1-2026-12-01@example.test', date: '2026-12-31', summary: 'Lanternfall, released', url: 'https://x.test/games/lanternfall' }], {
      name: 'Critical Hit',
      stamp: new Date('2026-11-22T06:00:00Z'),
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(ics).toContain('SUMMARY:Lanternfall\\, released\r\n');
    expect(ics).toContain('DTSTAMP:20261122T060000Z\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
