import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every route under src/pages, named as Astro names it (`context.routePattern`): the file's
 * path without its extension (`calendar.ics.ts` is /calendar.ics), `index` dropping out,
 * files and folders starting with `_` left out, as Astro's router does.
 */

export interface PageRoute {
  route: string;
  /** The file, relative to the repository. */
  file: string;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES = path.join(ROOT, 'src/pages');
const EXTENSION = /\.(astro|ts|js|md|mdx|html)$/;

export function pageRoutes(): PageRoute[] {
  const routes: PageRoute[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('_')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (EXTENSION.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) {
        const segments = path.relative(PAGES, full).replace(EXTENSION, '').split(path.sep);
        if (segments.at(-1) === 'index') segments.pop();
        routes.push({ route: `/${segments.join('/')}`, file: path.relative(ROOT, full) });
      }
    }
  };
  walk(PAGES);
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

/** The text of a route's file. */
export function routeSource(route: PageRoute): string {
  return readFileSync(path.join(ROOT, route.file), 'utf8');
}

/** The kind of each segment of a route, most specific first (Astro's priority). */
const segmentRank = (segment: string) => (segment.startsWith('[...') ? 2 : segment.includes('[') ? 1 : 0);

function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment.startsWith('[...')) return '(?:/[^/]+)+';
      return `/${segment.replace(/[.*+?^${}()|\\]/g, '\\$&').replace(/\\?\[[^\]]+\\?\]/g, '[^/]+')}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

/**
 * The route that answers `pathname`, as Astro chooses among routes that match: segment by
 * segment, a static segment before a parameter, a parameter before a rest parameter.
 */
export function routeOf(
  pathname: string,
  routes: readonly string[] = pageRoutes().map(({ route }) => route),
): string | undefined {
  const matching = routes.filter((route) => routePattern(route).test(pathname));
  const ranks = (route: string) => route.split('/').slice(1).map(segmentRank);
  return matching.sort((a, b) => {
    const [ra, rb] = [ranks(a), ranks(b)];
    for (let i = 0; i < Math.min(ra.length, rb.length); i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
    return rb.length - ra.length;
  })[0];
}
