/**
 * Every cache lifetime the site uses, in one place. astro.config.ts hands `routeRules` to
 * Astro's route cache (an in-memory LRU on the node server, the CDN on Vercel); routes
 * never write cache headers themselves.
 */

export interface CacheRule {
  /** Seconds a cached copy is served as fresh. */
  maxAge: number;
  /** Seconds after that during which a stale copy is served while a fresh one renders. */
  swr: number;
  /** Purge handles: writes invalidate by tag. */
  tags?: string[];
}

const HALF_A_DAY = 43_200;
const ONE_DAY = 86_400;

/** Named cache profiles. Spec section 9: list detail pages are cached 43200 s with SWR 43200 s. */
export const CACHE_PROFILES = {
  /** Pages built from the catalogue (games, releases); purged by tag when the data changes. */
  catalogue: { maxAge: HALF_A_DAY, swr: HALF_A_DAY },
  /** Pages whose text changes only with a deploy. */
  static: { maxAge: ONE_DAY, swr: ONE_DAY },
} as const satisfies Record<string, CacheRule>;

/** Cache tags, so writes can purge exactly what they change. */
export const CACHE_TAGS = {
  games: 'games',
} as const;

/** Route patterns (Astro's [param] syntax) -> cache rule. Routes not listed are never cached. */
export const routeRules: Record<string, CacheRule> = {
  '/': { ...CACHE_PROFILES.catalogue, tags: [CACHE_TAGS.games] },
  '/games': { ...CACHE_PROFILES.catalogue, tags: [CACHE_TAGS.games] },
  '/games/[slug]': { ...CACHE_PROFILES.catalogue, tags: [CACHE_TAGS.games] },
  '/about': CACHE_PROFILES.static,
};

/** How many rendered pages the node server keeps in memory (least recently used go first). */
export const MEMORY_CACHE_ENTRIES = 5_000;
