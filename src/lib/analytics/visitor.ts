/**
 * Unique visitors without cookies, as Plausible counts them: a visitor is
 * hash(daily salt, domain, address, user agent). The salt is random, one per UTC day, and is
 * deleted when the day is over, so yesterday's hashes can no longer be recomputed from an
 * address and the same person gets an unrelated hash tomorrow.
 */

/** The UTC day a salt belongs to, YYYY-MM-DD. */
export function saltDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The text hashed for a visitor; hashed with SHA-256 by the server and cut to 32 hex digits. */
export function visitorHashInput(salt: string, domain: string, address: string, userAgent: string): string {
  return [salt, domain.toLowerCase(), address, userAgent].join('\u0000');
}
