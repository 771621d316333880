/**
 * Every cache lifetime the site uses, in one place, and the one list of the routes whose
 * pages are shared: `routeRules` names routes exactly as Astro names them (the file under
 * src/pages: `/games/[slug]`, `/games/request`). The middleware applies a rule to the
 * route that renders, and to no other (`Astro.cache`, cache-key.ts `cacheRuleFor`), for the
 * node server's route cache and the CDN on Vercel alike; every other route is never stored.
 * Astro's own `routeRules` option is not used: it matches rules against the URL, so the
 * rule of `/games/[slug]` also covered `/games/request`, a member's own page.
 *
 * A shared page is the same for every visitor: it renders from a request without cookies,
 * its `Astro.locals.user` is null, and reading the user or the session client there makes
 * the answer private and unstored (shared-pages.ts). Personal parts of a shared page come
 * from server islands or the API. Every route under src/pages has a verdict (shared,
 * personal or fresh) in tests/helpers/route-verdicts.ts, which a test keeps complete, and
 * the e2e shared-pages.spec.ts asks every page as two members and a visitor.
 */

export interface CacheRule {
  /** Seconds a cached copy is served as fresh. */
  maxAge: number;
  /** Seconds after that during which a stale copy is served while a fresh one renders. */
  swr: number;
  /** Purge handles: writes invalidate by tag. */
  tags?: string[];
  /**
   * The query parameters the route reads. They alone make up the cache key (normalised,
   * see cache-key.ts); the route never sees any other parameter, so `?cb=1`, `?utm_source=`
   * and friends share the one cached copy instead of adding entries.
   */
  query?: readonly string[];
}

const HALF_A_DAY = 43_200;
const ONE_DAY = 86_400;

/** Named cache profiles. List detail pages are cached 43200 s, then served stale for 43200 s while they refresh. */
export const CACHE_PROFILES = {
  /** Pages built from the catalogue (games, releases, reviews); purged by tag when the data changes. */
  catalogue: { maxAge: HALF_A_DAY, swr: HALF_A_DAY },
  /** List detail pages. */
  listDetail: { maxAge: HALF_A_DAY, swr: HALF_A_DAY },
  /** Pages whose text changes only with a deploy. */
  static: { maxAge: ONE_DAY, swr: ONE_DAY },
  /** The leaderboard: XP changes all the time, so a minute fresh (own ranks come from the API). */
  leaderboard: { maxAge: 60, swr: 300 },
  /** Search answers: short-lived, keyed by the query string. */
  search: { maxAge: 600, swr: 3_600 },
} as const satisfies Record<string, CacheRule>;

/** Cache tags, so writes can purge exactly what they change. */
export const CACHE_TAGS = {
  /** The game catalogue (titles, dates, platforms, companies). */
  games: 'games',
  /** Lists of critic reviews across games (latest reviews, feeds). */
  reviews: 'reviews',
  /** Anything showing critic or user scores of several games (cards, rankings). */
  scores: 'scores',
  outlets: 'outlets',
  collections: 'collections',
} as const;

/** One game's own pages (/games/{slug} and its reviews, previews, similar games). */
export const gameTag = (slug: string) => `game:${slug}`;
export const outletTag = (slug: string) => `outlet:${slug}`;
export const authorTag = (id: number) => `author:${id}`;
export const collectionTag = (slug: string) => `collection:${slug}`;
/** One custom list's page, and the page of one user's public lists. */
export const listTag = (id: number) => `list:${id}`;
export const userListsTag = (userId: string) => `user-lists:${userId}`;
/** Every cached page that shows one player's things (purged when their profile turns private). */
export const profileTag = (userId: string) => `profile:${userId}`;

const { games, reviews, scores, outlets, collections } = CACHE_TAGS;
const catalogue = (tags: string[], query?: readonly string[]): CacheRule => ({
  ...CACHE_PROFILES.catalogue,
  tags,
  ...(query ? { query } : {}),
});

/** The ?page= of the plain paginated lists. */
const PAGED = ['page'] as const;

/**
 * Routes (Astro's route patterns, one per file under src/pages) -> cache rule, with the
 * query parameters each route reads. Routes not listed are never cached. A parameter a
 * route starts reading must be added here, or the route never receives it.
 */
export const routeRules: Record<string, CacheRule> = {
  '/': catalogue([games, reviews, scores]),
  '/games': catalogue([games, scores], ['q', 'page', 'sort', 'when', 'platform', 'genre']),
  '/games/[slug]': catalogue([games, scores]),
  '/games/[slug]/reviews': catalogue([games, scores], ['page', 'sort', 'platform']),
  '/games/[slug]/previews': catalogue([games], PAGED),
  '/games/[slug]/user-reviews': catalogue([games, scores], ['page', 'sort', 'platform', 'finished']),
  '/games/[slug]/similar-games': catalogue([games, scores]),
  '/reviews': catalogue([reviews], PAGED),
  '/reviews/[genre]': catalogue([games, scores], PAGED),
  '/reviews/[genre]/[year]': catalogue([games, scores], PAGED),
  '/browse/[...slug]': catalogue([games, scores], ['page', 'sort']),
  '/publishers/[name]': catalogue([games, scores], PAGED),
  '/calendar': catalogue([games, scores], ['month']),
  '/calendar.ics': catalogue([games], ['month']),
  '/collections': { ...CACHE_PROFILES.listDetail, tags: [collections, games], query: PAGED },
  '/collections/[slug]': { ...CACHE_PROFILES.listDetail, tags: [collections, games, scores] },
  '/[username]/lists/[listname]': { ...CACHE_PROFILES.listDetail, tags: [games, scores], query: ['view'] },
  '/[username]/lists': { ...CACHE_PROFILES.listDetail, tags: [] },
  '/outlets': catalogue([outlets, reviews], PAGED),
  '/outlet/[slug]': catalogue([outlets, reviews], PAGED),
  '/outlet/components/ReviewSection': catalogue([outlets, reviews], ['outlet']),
  '/authors/[id]/[...name]': catalogue([reviews], PAGED),
  '/rss.xml': catalogue([reviews]),
  '/sitemap.xml': catalogue([games, outlets, collections]),
  '/sitemaps/[file]': catalogue([games, outlets, collections]),
  '/api/search': { ...CACHE_PROFILES.search, tags: [games, outlets], query: ['q'] },
  '/leaderboard': { ...CACHE_PROFILES.leaderboard, query: ['period'] },
  '/levels': CACHE_PROFILES.static,
  '/about': CACHE_PROFILES.static,
  '/faq': CACHE_PROFILES.static,
  '/author-features': CACHE_PROFILES.static,
  '/pr-features': CACHE_PROFILES.static,
  // Content pages: Markdown in src/content, changed only by a deploy.
  '/features': CACHE_PROFILES.static,
  '/user-features': CACHE_PROFILES.static,
  '/future-features': CACHE_PROFILES.static,
  '/changelog': CACHE_PROFILES.static,
  '/privacy-policy': CACHE_PROFILES.static,
  '/terms-of-service': CACHE_PROFILES.static,
  '/offline': CACHE_PROFILES.static,
  // The vote's results for everyone; each vote purges it (tag poll:{id}).
  '/test-vote': CACHE_PROFILES.static,
  '/robots.txt': CACHE_PROFILES.static,
};

/**
 * The Cache-Control of a shared page: browsers revalidate every time (max-age=0, with the
 * ETag), shared caches in front (a CDN, a proxy) may keep it as long as the route cache does.
 * No stale-while-revalidate here: browsers honour it too, and would show a page as it was
 * before a write that purged it. The route cache and Vercel's CDN keep their own
 * stale-while-revalidate (CDN-Cache-Control, an instruction that never leaves the server).
 * The nginx of deploy/ holds pages 5 s whatever this says (it hears no purge).
 */
export function sharedCacheControl(rule: Pick<CacheRule, 'maxAge'>): string {
  return `public, max-age=0, s-maxage=${rule.maxAge}`;
}

/**
 * Path prefixes that depend on who is asking (accounts, dashboards, outlet tools, the
 * write API): no cache key is made for them (cache-key.ts), nginx passes them through
 * (scripts/nginx-site.ts), and a test checks no rule lies under one.
 */
export const NEVER_CACHED_PREFIXES = [
  '/api/critic-reviews',
  '/api/user-reviews',
  '/api/manage-outlet',
  '/api/author',
  '/api/dashboard',
  '/auth',
  '/account',
  '/dashboard',
  '/manage-outlet',
  '/admin',
  '/settings',
  '/profile/edit',
  '/login',
  '/confirm',
  '/reset-password',
  '/payment',
  '/subscription',
  '/author/',
  '/dev/',
] as const;

export function isNeverCached(pathname: string): boolean {
  return NEVER_CACHED_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

/**
 * The node server's in-memory route cache: at most this many rendered pages and this many
 * bytes, whichever comes first, the least recently used page going first (server/route-cache.ts).
 */
export const MEMORY_CACHE_ENTRIES = 5_000;
export const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;
