import { sql } from 'kysely';
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
  /**
   * Which of these sessions are still live (at most a few seconds stale, ended ones at
   * once): one query for all those not remembered, for the Realtime service's sockets.
   */
  liveAmong(sessionIds: readonly string[]): Promise<Set<string>>;
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
      const row = await (
        await db()
      )
        .selectFrom('auth.sessions')
        .select('user_id')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      cache.remember(sessionId, Boolean(row), row?.user_id);
      return Boolean(row);
    },
    async liveAmong(sessionIds) {
      const live = new Set<string>();
      const unknown: string[] = [];
      for (const sessionId of new Set(sessionIds)) {
        if (!isUuid(sessionId)) continue;
        const remembered = cache.get(sessionId);
        if (remembered === true) live.add(sessionId);
        else if (remembered === undefined) unknown.push(sessionId);
      }
      if (unknown.length === 0) return live;
      const rows = await (
        await db()
      )
        .selectFrom('auth.sessions')
        .select(['id', 'user_id'])
        .where('id', '=', sql<string>`any(${sql.val(unknown)}::uuid[])`)
        .execute();
      const found = new Map(rows.map((row) => [row.id, row.user_id]));
      for (const sessionId of unknown) {
        cache.remember(sessionId, found.has(sessionId), found.get(sessionId));
        if (found.has(sessionId)) live.add(sessionId);
      }
      return live;
    },
    ended: (sessionId) => cache.ended(sessionId),
    endedAllOf: (userId) => cache.endedAllOf(userId),
  };
}
