import { describe, expect, it } from 'vitest';
import { instantToZonedTime, isTimeZone, zonedTimeToInstant } from './zoned-time.ts';

describe('zoned times', () => {
  it('reads a wall-clock time in the chosen zone, daylight saving included', () => {
    expect(zonedTimeToInstant('2026-07-01T09:00', 'Europe/Paris')).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedTimeToInstant('2026-12-01T09:00', 'Europe/Paris')).toBe('2026-12-01T08:00:00.000Z');
    expect(zonedTimeToInstant('2026-12-01T09:00', 'America/New_York')).toBe('2026-12-01T14:00:00.000Z');
    expect(zonedTimeToInstant('2026-12-01T09:00', 'UTC')).toBe('2026-12-01T09:00:00.000Z');
    expect(zonedTimeToInstant('tomorrow', 'UTC')).toBeUndefined();
  });

  it('writes an instant back as the wall-clock time of the zone', () => {
    expect(instantToZonedTime(new Date('2026-07-01T07:00:00Z'), 'Europe/Paris')).toBe('2026-07-01T09:00');
    expect(instantToZonedTime(new Date('2026-12-01T14:00:00Z'), 'America/New_York')).toBe('2026-12-01T09:00');
  });

  it('knows time zones from made-up names', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
