import { SessionCache } from '../../src/lib/auth/session-cache.ts';
import type { Db } from './context.ts';
import { isUuid } from './secrets.ts';

/**
 * Is the session behind an access token still there? The local service's answer for the
 * site's middleware (embedded and self-hosted modes): one primary-key lookup in
 * auth.sessions, remembered a few seconds per session id for reads (a request that changes
 * something always looks). The service marks a session ended
 * here the moment it ends it (logout, sign out everywhere, refresh-token reuse), so in this
 * process an ended session stops at once; other servers see it within the cache's seconds.
 */

export interface SessionLiveness {
  /** `fresh`: ask the database whatever is remembered (for requests that change something). */
  isLive(sessionId: string, options?: { fresh?: boolean }): Promise<boolean>;
  /** The session ended (after the transaction that ended it committed). */
  ended(sessionId: string): void;
  /** Every session of the user ended. */
  endedAllOf(userId: string): void;
}

export function createSessionLiveness(db: () => Promise<Db>, now: () => number = Date.now): SessionLiveness {
  const cache = new SessionCache(now);
  return {
    async isLive(sessionId, options = {}) {
      // Not a session id this service issues (and not castable to uuid): never live.
      if (!isUuid(sessionId)) return false;
      const remembered = cache.get(sessionId);
      // An ended session never comes back; a live one is re-checked before any change.
      if (remembered === false || (remembered === true && !options.fresh)) return remembered;
      const row = await (await db()).selectFrom('auth.sessions').select('user_id').where('id', '=', sessionId).executeTakeFirst();
      cache.remember(sessionId, Boolean(row), row?.user_id);
      return Boolean(row);
    },
    ended: (sessionId) => cache.ended(sessionId),
    endedAllOf: (userId) => cache.endedAllOf(userId),
  };
}
