import { describe, expect, it } from 'vitest';
import {
  buildIcs,
  escapeIcsText,
  foldIcsLine,
  icsRange,
  monthKey,
  monthLabel,
  monthRange,
  parseMonth,
  releaseEvents,
  shiftMonth,
} from './calendar.ts';

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
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((line) => line.startsWith(' ')),
    ).toBe(true);
  });
  it('writes all-day events with CRLF line ends', () => {
    const ics = buildIcs(
      [
        {
          uid: 'game-1-2026-12-01@example.test',
          date: '2026-12-31',
          summary: 'Lanternfall, released',
          url: 'https://x.test/games/lanternfall',
        },
      ],
      {
        name: 'Critical Hit',
        stamp: new Date('2026-11-22T06:00:00Z'),
      },
    );
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(ics).toContain('SUMMARY:Lanternfall\\, released\r\n');
    expect(ics).toContain('DTSTAMP:20261122T060000Z\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

describe('release events', () => {
  it('cover one month when asked, else last month to a year ahead', () => {
    expect(icsRange({ year: 2026, month: 11 }, true)).toEqual({ first: '2026-11-01', last: '2026-11-30' });
    expect(icsRange({ year: 2026, month: 11 }, false)).toEqual({ first: '2026-10-01', last: '2027-11-30' });
  });

  it('are one all-day event per game and day, with a stable id and the game page as link', () => {
    const events = releaseEvents(
      [
        {
          date: '2026-12-01',
          games: [
            {
              id: 4,
              slug: 'hollow-bells',
              title: 'Hollow Bells',
              platforms: ['PC', 'Switch'],
              criticScore: null,
              scoredCount: 0,
              userRatingCount: 0,
              userRatingSum: 0,
              isDemo: true,
            },
          ],
        },
        {
          date: '2026-12-03',
          games: [
            {
              id: 9,
              slug: 'portal-2',
              title: 'Portal 2',
              platforms: ['PC'],
              criticScore: 95,
              scoredCount: 10,
              userRatingCount: 0,
              userRatingSum: 0,
              isDemo: false,
            },
          ],
        },
      ],
      'https://critical-hit.example',
    );
    expect(events).toEqual([
      {
        uid: 'release-4-2026-12-01@critical-hit.example',
        date: '2026-12-01',
        summary: 'Hollow Bells (PC, Switch)',
        description: 'Invented demo game. Release of Hollow Bells on PC, Switch.',
        url: 'https://critical-hit.example/games/hollow-bells',
      },
      {
        uid: 'release-9-2026-12-03@critical-hit.example',
        date: '2026-12-03',
        summary: 'Portal 2 (PC)',
        description: 'Release of Portal 2 on PC.',
        url: 'https://critical-hit.example/games/portal-2',
      },
    ]);
  });
});
