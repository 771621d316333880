import { isNeverCached, routeRules, type CacheRule } from './cache-rules.ts';

/**
 * The route cache's key for a request: the path as requested, plus only the query
 * parameters its route reads, in one canonical form. Anything else in the query (cache
 * busters, tracking parameters) adds no entry, and the Host header is not part of it (no
 * cached page depends on it). The middleware hands the page the same canonical query, so
 * what a key stands for is exactly what its page was rendered from.
 */

export interface CachedRoute {
  /** The rule's pattern in Astro's syntax, e.g. "/games/[slug]". */
  pattern: string;
  rule: CacheRule;
}

interface CompiledRoute extends CachedRoute {
  regex: RegExp;
  staticSegments: number;
  rest: boolean;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(pattern: string, rule: CacheRule): CompiledRoute {
  const segments = pattern.split('/').filter(Boolean);
  let source = '';
  let staticSegments = 0;
  let rest = false;
  for (const segment of segments) {
    if (/^\[\.\.\.[^\]]+\]$/.test(segment)) {
      // A rest parameter also matches nothing at all: /browse matches /browse/[...slug].
      source += '(?:/.*)?';
      rest = true;
    } else if (/^\[[^\]]+\]$/.test(segment)) {
      source += '/[^/]+';
    } else {
      source += `/${escapeRegex(segment)}`;
      staticSegments += 1;
    }
  }
  return { pattern, rule, regex: new RegExp(`^${source || ''}/?$`), staticSegments, rest };
}

// Static routes before dynamic ones, rest parameters last (Astro's own precedence).
const COMPILED: readonly CompiledRoute[] = Object.entries(routeRules)
  .map(([pattern, rule]) => compile(pattern, rule))
  .sort((a, b) => Number(a.rest) - Number(b.rest) || b.staticSegments - a.staticSegments);

function decodePath(pathname: string): string | undefined {
  try {
    return decodeURI(pathname);
  } catch {
    return undefined;
  }
}

/**
 * The cached routes in the order they are matched, each with the regular expression its
 * decoded path must match: what the nginx cache key (scripts/nginx-site.ts) is generated
 * from, so a shared cache in front keeps exactly the parameters this module keeps.
 */
export function cachedRouteMatchers(): readonly { pattern: string; source: string; query: readonly string[] }[] {
  return COMPILED.map(({ pattern, regex, rule }) => ({ pattern, source: regex.source, query: rule.query ?? [] }));
}

/** The cache rule a path falls under (Astro matches the decoded path), or undefined. */
export function matchCachedRoute(pathname: string): CachedRoute | undefined {
  const decoded = decodePath(pathname);
  if (decoded === undefined || isNeverCached(decoded)) return undefined;
  const found = COMPILED.find((route) => route.regex.test(decoded));
  return found && { pattern: found.pattern, rule: found.rule };
}

/**
 * The rule of the route that renders a request, when its pages are shared: `routePattern`
 * (Astro's name of the route, `context.routePattern`) is a key of routeRules, and the path
 * falls under that same rule here, so the page is stored under the key its own rule makes.
 * A rule never reaches another route: /games/request is not /games/[slug].
 */
export function cacheRuleFor(routePattern: string, pathname: string): CacheRule | undefined {
  if (!Object.hasOwn(routeRules, routePattern)) return undefined;
  return matchCachedRoute(pathname)?.pattern === routePattern ? routeRules[routePattern] : undefined;
}

/**
 * The kept parameters in canonical form: values decoded and trimmed, empty ones dropped,
 * names sorted, repeated values of one name sorted too; "" when nothing is left.
 */
export function canonicalQuery(search: URLSearchParams, keep: readonly string[] = []): string {
  if (keep.length === 0) return '';
  const kept = new URLSearchParams();
  for (const name of [...keep].sort()) {
    const values = search
      .getAll(name)
      .map((value) => value.trim())
      .filter((value) => value !== '')
      .sort();
    for (const value of values) kept.append(name, value);
  }
  return kept.toString();
}

export interface RouteCacheKey {
  key: string;
  /** Path only, for purges by path. */
  path: string;
  /** "?page=2" or "": the query the route must be rendered with. */
  search: string;
  route: CachedRoute;
}

/** The cache key of a URL, or undefined when no cache rule covers its path. */
export function routeCacheKey(url: URL): RouteCacheKey | undefined {
  const route = matchCachedRoute(url.pathname);
  if (!route) return undefined;
  const query = canonicalQuery(url.searchParams, route.rule.query);
  const search = query ? `?${query}` : '';
  return { key: `${url.pathname}${search}`, path: url.pathname, search, route };
}

/**
 * The URL a cached route must be rendered from: its path with only the kept parameters,
 * in canonical form. The middleware rewrites a request to it, so a page never sees a
 * parameter its cache key drops and can never differ from the key it is stored under.
 * Undefined when the URL is already in that form (or no rule covers it).
 */
export function canonicalRouteUrl(url: URL): URL | undefined {
  if (url.search === '') return undefined;
  const target = routeCacheKey(url);
  if (!target || target.search.slice(1) === url.searchParams.toString()) return undefined;
  return new URL(`${url.pathname}${target.search}`, url);
}
