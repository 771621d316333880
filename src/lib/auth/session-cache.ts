/**
 * A short memory of which sessions are still live, so the server need not ask the database
 * (or hosted Supabase Auth) on every request. A live answer is trusted for at most
 * `LIVE_SESSION_TTL_MS` (an ended session stops working everywhere within that), an ended
 * one for longer (an ended session never comes back). When this process ends a session it
 * says so here, so the next request with it is refused at once. Bounded: the oldest
 * entries go first.
 */

export const LIVE_SESSION_TTL_MS = 5_000;
export const ENDED_SESSION_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  live: boolean;
  userId: string | undefined;
  until: number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** true or false while remembered, undefined when the session must be checked. */
  get(sessionId: string): boolean | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= this.#now()) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry.live;
  }

  remember(sessionId: string, live: boolean, userId?: string): void {
    this.#entries.delete(sessionId);
    this.#entries.set(sessionId, {
      live,
      userId,
      until: this.#now() + (live ? LIVE_SESSION_TTL_MS : ENDED_SESSION_TTL_MS),
    });
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** This process ended the session. */
  ended(sessionId: string): void {
    this.remember(sessionId, false);
  }

  /** This process ended every session of the user (sign out everywhere, account deleted). */
  endedAllOf(userId: string): void {
    const sessions = [...this.#entries].filter(([, entry]) => entry.userId === userId).map(([sessionId]) => sessionId);
    for (const sessionId of sessions) this.remember(sessionId, false, userId);
  }
}
