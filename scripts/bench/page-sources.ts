// What the page rows of `npm run bench` load: the game slugs from the site's sitemaps and, for
// every page kind, an endless source of URLs no uncached row has asked for yet, plus the
// warm-up that reads some of each before the first row.
import { fetchHeaders } from './load.ts';
import type { BenchPlan } from './plan.ts';
import { atMost, type Target } from './stats.ts';

/** The game slugs the site's sitemaps list (the uncached game pages and searches come from them). */
export async function readSlugs(origin: string, games: number): Promise<string[]> {
  const slugs: string[] = [];
  // Up to 50 000 URLs the sitemap is one file; above that an index of games-N files.
  const sitemaps = games > 50_000 ? ['/sitemaps/games-1.xml', '/sitemaps/games-2.xml'] : ['/sitemap.xml'];
  for (const file of sitemaps)
    for (const match of (await (await fetch(origin + file)).text()).matchAll(/\/games\/([a-z0-9-]+)<\/loc>/g))
      slugs.push(match[1]!);
  if (slugs.length < Math.min(50_000, games / 2))
    throw new Error(`expected ${games} games in the sitemaps, found ${slugs.length}`);
  return slugs;
}

export interface PageKind {
  page: string;
  uncached?: () => string;
  cached?: string;
  cookie?: string;
  target?: Target;
}

export interface PageSources {
  kinds: PageKind[];
  /** The next game slug no uncached row has asked for. */
  nextSlug: () => string;
  /** How many uncached URLs were asked again after their list ran out. */
  repeated: () => number;
}

/** The page kinds the rows load, each with its own endless source of uncached URLs. */
export function pageSources(
  plan: BenchPlan,
  slugs: readonly string[],
  heavyCookie: string,
  onPostgres: boolean,
): PageSources {
  // A list that runs out starts again, but those requests hit the route cache: the row
  // then measures the cache, so it is reported as not measured (pages.ts).
  let repeated = 0;
  const cycle = (urls: string[]) => {
    let i = 0;
    return () => {
      if (i >= urls.length) repeated += 1;
      return urls[i++ % urls.length]!;
    };
  };
  let slugCursor = 0;
  const nextSlug = () => slugs[(slugCursor++ * 7919) % slugs.length]!;
  const words = [
    'crimson',
    'neon od',
    'lantern',
    'silent harb',
    'crimsn odysey',
    'golden kingdm',
    'paper',
    'synthetic outlet 01',
    'iron frontier',
    'tactics',
  ];
  let counter = 0;
  const letters = (n: number): string =>
    n < 26 ? String.fromCharCode(97 + n) : letters(Math.floor(n / 26) - 1) + letters(n % 26);
  const statuses = ['playing', 'played', 'completed', 'backlog', 'shelved', 'abandoned'];
  // The synthetic catalogue has a few dozen outlets with thousands of reviews each: their first
  // 80 pages, outlet by outlet, give a row of either encoding URLs it has not asked for yet.
  const outletPages = Array.from({ length: 80 }, (_, i) => i + 1).flatMap((page) =>
    plan.outletSlugs.map((slug) => (page === 1 ? `/outlet/${slug}` : `/outlet/${slug}?page=${page}`)),
  );
  const reviewPages = [
    ...plan.reviewedGameSlugs.map((slug) => `/games/${slug}/user-reviews`),
    ...plan.reviewedGameSlugs.map((slug) => `/games/${slug}/user-reviews?sort=helpful`),
  ];
  const p95 = (ms: number): Target => atMost(ms);
  // PostgreSQL is the scale path: tighter targets there than on the embedded database.
  const gameTarget = p95(onPostgres ? 10 : 25);
  const communityTarget = p95(onPostgres ? 15 : 25);
  // /lists pages stop at 100 per sort: after the 200 unfiltered pages, the first two pages of
  // a title search for "list 100" to "list 999" (about 57 lists each, through the title
  // index), so no URL comes twice. (Searches matching thousands of lists, such as "list 12",
  // read far more rows and are left out of this row.)
  const titleSearches = Array.from({ length: 900 }, (_, i) => i + 100).flatMap((n) =>
    [1, 2].flatMap((page) => ['popular', 'recent'].map((sort) => `/lists?sort=${sort}&page=${page}&q=list+${n}`)),
  );
  const discoverPages = [
    ...Array.from({ length: 200 }, (_, i) => `/lists?sort=${i % 2 ? 'recent' : 'popular'}&page=${1 + (i >> 1)}`),
    ...titleSearches,
  ];
  const userListsPaths = plan.profilePaths.map((profile) => `${profile}/lists`);

  const kinds: PageKind[] = [
    { page: '/games/{slug}', uncached: () => `/games/${nextSlug()}`, cached: `/games/${slugs[1]}`, target: gameTarget },
    { page: '/lists (discover)', uncached: cycle(discoverPages), target: communityTarget },
    {
      page: '/{user}/lists',
      uncached: cycle(userListsPaths),
      cached: `/${plan.heavy.username}/lists`,
      target: communityTarget,
    },
    {
      page: '/{user}/lists/{list}',
      uncached: cycle(plan.listPaths),
      cached: plan.longList.path,
      target: communityTarget,
    },
    {
      page: '/dashboard/games/{status} (2000 games)',
      uncached: () => `/dashboard/games/${statuses[counter++ % statuses.length]}`,
      cookie: heavyCookie,
      target: communityTarget,
    },
    {
      // The player's home: never cached, so the same URL is a fresh render every time.
      page: '/dashboard (home, 500 followed players)',
      uncached: () => '/dashboard',
      cookie: heavyCookie,
      target: communityTarget,
    },
    {
      page: '/games/{slug}/user-reviews',
      uncached: cycle(reviewPages),
      cached: reviewPages[0],
      target: communityTarget,
    },
    { page: '/{user} (profile)', uncached: cycle(plan.profilePaths), target: communityTarget },
    ...(plan.yearPaths
      ? [{ page: '/{user}/year/{year}', uncached: cycle(plan.yearPaths), target: communityTarget }]
      : []),
    { page: '/leaderboard', cached: '/leaderboard' },
    {
      page: '/outlet/{slug}',
      uncached: cycle(outletPages),
      cached: `/outlet/${plan.outlet.slug}`,
      target: communityTarget,
    },
    {
      page: '/api/search?q=',
      uncached: () => `/api/search?q=${encodeURIComponent(`${words[counter % words.length]!}${letters(++counter)}`)}`,
      cached: '/api/search?q=crimson',
      target: p95(10),
    },
  ];
  return { kinds, nextSlug, repeated: () => repeated };
}

/**
 * A server measured as it runs once it has served a while, not just started. The kinds whose
 * URLs never run out (any game, any search) read 2000 first, four at a time: the catalogue's
 * pages are then in the database's memory as they would be, the pooled connections four
 * requests at a time use have prepared their statements, and V8 has compiled the render
 * path. Fewer were not enough: after a restart of the node server alone, successive runs of
 * uncached game pages on PostgreSQL still got faster run after run. The others read 20. Half the workers ask as a browser does and half with no coding, as the rows will;
 * warming only one would leave the first block of rows, whichever coding it measures, to
 * warm the other.
 */
export async function warmUp(origin: string, kinds: readonly PageKind[]): Promise<void> {
  console.log('== warm-up');
  const unbounded = new Set(['/games/{slug}', '/api/search?q=']);
  for (const kind of kinds) {
    if (!kind.uncached) continue;
    const next = kind.uncached;
    let left = unbounded.has(kind.page) ? 2000 : 20;
    const worker = async (_: unknown, index: number) => {
      const headers = fetchHeaders(index % 2 === 0, kind.cookie);
      while (left-- > 0) await fetch(origin + next(), { headers }).then((r) => r.arrayBuffer());
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }
}
