/**
 * The node server's in-memory page cache (server/route-cache.ts) as the rest of the site
 * reaches it: purges from handlers and jobs, the admin's figures. It lives on globalThis
 * because the start script and the built server bundle each load their own copy of the
 * modules. Absent where no node server runs one (Vercel, where the CDN caches).
 */

export interface PurgeRequest {
  tags?: readonly string[] | undefined;
  paths?: readonly string[] | undefined;
  /** Everything (after losing contact with the other servers' purges). */
  all?: boolean | undefined;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

export interface PageCache {
  /** Drops the pages a purge names; returns how many. */
  purge(request: PurgeRequest): number;
  stats(): PageCacheStats;
}

const KEY = Symbol.for('critical-hit.page-cache');

type Holder = typeof globalThis & { [KEY]?: PageCache };

/** This process's page cache, if it has one. */
export function pageCache(): PageCache | undefined {
  return (globalThis as Holder)[KEY];
}

/** Installs `create()` as this process's page cache unless one is there; returns the one in place. */
export function installPageCache<T extends PageCache>(create: () => T): T {
  const holder = globalThis as Holder;
  holder[KEY] ??= create();
  return holder[KEY] as T;
}
