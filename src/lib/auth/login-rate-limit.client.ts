/**
 * The client-side login limit: at most 5 attempts within a 5-minute
 * window counted from the last attempt; once the window has passed the counter resets;
 * the sixth attempt is refused. It sits on top of the auth service's own limits.
 */

export const LOGIN_MAX_ATTEMPTS = 5;
export const LOGIN_WINDOW_MS = 5 * 60 * 1000;

export interface LoginAttempts {
  count: number;
  /** Time of the last counted attempt (ms since the epoch). */
  last: number;
}

export interface AttemptStore {
  read(): LoginAttempts | null;
  write(state: LoginAttempts | null): void;
}

export function memoryAttemptStore(): AttemptStore {
  let state: LoginAttempts | null = null;
  return { read: () => state, write: (next) => void (state = next) };
}

/** Keeps the count across reloads and tabs (localStorage), falling back to memory. */
export function browserAttemptStore(key = 'critical-hit.login-attempts'): AttemptStore {
  const fallback = memoryAttemptStore();
  return {
    read() {
      try {
        const raw = globalThis.localStorage?.getItem(key);
        if (!raw) return fallback.read();
        const parsed = JSON.parse(raw) as Partial<LoginAttempts>;
        return typeof parsed.count === 'number' && typeof parsed.last === 'number'
          ? { count: parsed.count, last: parsed.last }
          : null;
      } catch {
        return fallback.read();
      }
    },
    write(state) {
      fallback.write(state);
      try {
        if (state) globalThis.localStorage?.setItem(key, JSON.stringify(state));
        else globalThis.localStorage?.removeItem(key);
      } catch {
        // storage full or disabled: the in-memory copy still counts
      }
    },
  };
}

export interface LoginRateLimiter {
  /** Counts an attempt; false (and nothing counted) when this would be the sixth in the window. */
  tryAttempt(now?: number): boolean;
  /** A successful sign-in clears the count. */
  reset(): void;
  remaining(now?: number): number;
}

export function createLoginRateLimiter(store: AttemptStore = memoryAttemptStore()): LoginRateLimiter {
  const current = (now: number): LoginAttempts | null => {
    const state = store.read();
    if (!state) return null;
    if (now - state.last >= LOGIN_WINDOW_MS) {
      store.write(null);
      return null;
    }
    return state;
  };
  return {
    tryAttempt(now = Date.now()) {
      const state = current(now);
      const count = state?.count ?? 0;
      if (count >= LOGIN_MAX_ATTEMPTS) return false;
      store.write({ count: count + 1, last: now });
      return true;
    },
    reset() {
      store.write(null);
    },
    remaining(now = Date.now()) {
      return Math.max(0, LOGIN_MAX_ATTEMPTS - (current(now)?.count ?? 0));
    },
  };
}
