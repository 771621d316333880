import { getEnv } from '../config/env.ts';
import { CACHE_TAGS } from '../http/cache-rules.ts';
import type { Purge } from '../http/purge.server.ts';
import { pageCache } from '../http/page-cache.server.ts';

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
  const { entries, bytes, hits, misses } = pageCache()?.stats() ?? { entries: 0, bytes: 0, hits: 0, misses: 0 };
  return { inProcess, entries, bytes, hits, misses, hitRate: hits + misses ? hits / (hits + misses) : null };
}

/** Empties this server's cache and purges every tag on the others (and the CDN). */
export async function purgeEverything(purge: Purge): Promise<void> {
  pageCache()?.purge({ all: true });
  await purge({ tags: Object.values(CACHE_TAGS), paths: ['/'] });
}
