import { getEnv } from '../config/env.ts';
import { CACHE_TAGS } from '../http/cache-rules.ts';
import type { Purge } from '../http/purge.server.ts';
import { purgeRouteCache, routeCache } from '../http/route-cache.server.ts';

export interface CacheStats {
  /** False on Vercel, where the CDN holds the pages and keeps its own statistics. */
  inProcess: boolean;
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** Hits over lookups since the server started, or null before the first lookup. */
  hitRate: number | null;
}

export function cacheStats(): CacheStats {
  const inProcess = !getEnv().VERCEL;
  const store = routeCache();
  const lookups = store.hits + store.misses;
  return { inProcess, entries: store.entries, bytes: store.bytes, hits: store.hits, misses: store.misses, hitRate: lookups ? store.hits / lookups : null };
}

/** Empties this server's cache and purges every tag on the others (and the CDN). */
export async function purgeEverything(purge: Purge): Promise<void> {
  purgeRouteCache({ all: true });
  await purge({ tags: Object.values(CACHE_TAGS), paths: ['/'] });
}
