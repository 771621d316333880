/**
 * Search-engine output, as pure functions: canonical URLs, JSON-LD for game pages,
 * sitemaps (split past 50 000 URLs, with a sitemap index) and robots.txt.
 */

/** Canonical absolute URL of a path (query strings are dropped unless given in `path`). */
export function canonicalUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  );
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the script. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export interface GameForJsonLd {
  title: string;
  url: string;
  description: string | null;
  releaseDate: string | null;
  genres: string[];
  platforms: string[];
  developers: string[];
  publishers: string[];
  image: string | null;
}

export interface ReviewForJsonLd {
  outletName: string;
  authorName: string | null;
  score: number | null;
  excerpt: string | null;
  verdict: string | null;
  url: string | null;
  publishedAt: Date;
}

/**
 * schema.org VideoGame with AggregateRating (0-100, only once the critic score is shown)
 * and the critic reviews as Review items.
 */
export function gameJsonLd(
  game: GameForJsonLd,
  rating: { criticScore: number | null; scoredCount: number },
  reviews: readonly ReviewForJsonLd[],
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'VideoGame',
    name: game.title,
    url: game.url,
  };
  if (game.description) data.description = game.description;
  if (game.releaseDate) data.datePublished = game.releaseDate;
  if (game.genres.length > 0) data.genre = game.genres;
  if (game.platforms.length > 0) data.gamePlatform = game.platforms;
  if (game.image) data.image = game.image;
  if (game.developers.length > 0) data.author = game.developers.map((name) => ({ '@type': 'Organization', name }));
  if (game.publishers.length > 0) data.publisher = game.publishers.map((name) => ({ '@type': 'Organization', name }));
  if (rating.criticScore !== null) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: rating.criticScore,
      bestRating: 100,
      worstRating: 0,
      reviewCount: rating.scoredCount,
    };
  }
  if (reviews.length > 0) {
    data.review = reviews.map((review) => {
      const item: Record<string, unknown> = {
        '@type': 'Review',
        author: review.authorName
          ? { '@type': 'Person', name: review.authorName }
          : { '@type': 'Organization', name: review.outletName },
        publisher: { '@type': 'Organization', name: review.outletName },
        datePublished: review.publishedAt.toISOString(),
      };
      if (review.score !== null)
        item.reviewRating = { '@type': 'Rating', ratingValue: review.score, bestRating: 100, worstRating: 0 };
      const body = review.excerpt ?? review.verdict;
      if (body) item.reviewBody = body;
      if (review.url) item.url = review.url;
      return item;
    });
  }
  return data;
}

// Sitemaps --------------------------------------------------------------------------------

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_LIMIT = 50_000;

export interface SitemapPlan {
  /** True when /sitemap.xml is an index of several files. */
  index: boolean;
  /** Files listed in the index: "pages" and "games-1", "games-2"... */
  files: string[];
}

/**
 * One sitemap while everything fits in 50 000 URLs; otherwise an index of a "pages"
 * sitemap (everything but game pages) and game sitemaps of at most 50 000 URLs each.
 */
export function planSitemaps(counts: { pages: number; games: number }, limit = SITEMAP_LIMIT): SitemapPlan {
  if (counts.pages + counts.games <= limit) return { index: false, files: [] };
  if (counts.pages > limit) throw new RangeError(`More than ${limit} non-game URLs: split the pages sitemap too`);
  const gameFiles = Math.ceil(counts.games / limit);
  return { index: true, files: ['pages', ...Array.from({ length: gameFiles }, (_, i) => `games-${i + 1}`)] };
}

/** Which slice of the game URLs a "games-N" file holds; undefined for a name that is not one. */
export function gameSitemapSlice(
  file: string,
  counts: { pages: number; games: number },
  limit = SITEMAP_LIMIT,
): { offset: number; limit: number } | undefined {
  const match = /^games-([1-9][0-9]{0,4})$/.exec(file);
  if (!match) return undefined;
  const n = Number(match[1]);
  const plan = planSitemaps(counts, limit);
  if (!plan.files.includes(file)) return undefined;
  return { offset: (n - 1) * limit, limit };
}

export interface SitemapUrl {
  loc: string;
  lastmod?: string | undefined;
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map(
      (url) => `  <url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locations: readonly string[]): string {
  const body = locations.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** Paths search engines should skip: the API, accounts and private dashboards. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/auth/',
  '/account/',
  '/dashboard',
  '/manage-outlet',
  '/admin/',
  '/settings',
  '/outlet/components/',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
