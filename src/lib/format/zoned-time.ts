/**
 * Wall-clock times in a chosen IANA time zone (the review editor's embargo times). Shared by
 * the server and browser scripts, so this file imports nothing.
 */

/** Is `zone` a time zone Intl knows? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant at which the wall-clock time `local` ("YYYY-MM-DDTHH:mm") happens in `zone`,
 * as an ISO string; undefined for an unreadable time. Used by the editor, so the outlet
 * types its embargo in its own zone whatever the browser's zone is.
 */
export function zonedTimeToInstant(local: string, zone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at that moment, found by formatting the guess back in the zone (twice, for DST edges).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) guess = asUtc - zoneOffsetMs(guess, zone);
  return new Date(guess).toISOString();
}

function zoneOffsetMs(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The wall-clock "YYYY-MM-DDTHH:mm" of `instant` in `zone` (to fill the editor back). */
export function instantToZonedTime(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
