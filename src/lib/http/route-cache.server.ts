import { createHash } from 'node:crypto';
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { MEMORY_CACHE_BYTES, MEMORY_CACHE_ENTRIES } from './cache-rules.ts';
import { routeCacheKey } from './cache-key.ts';
import { compress, type Effort } from './compression.server.ts';
import { etagMatches, negotiateEncoding, variantEtag, type Coding, type Encoding } from './content-encoding.ts';
import { RouteCacheStore, type CachedPage, type PurgeRequest } from './route-cache-store.ts';
import { encodable, refineQuickVariants, wantedEncoding, withWantedVariant } from './route-cache-variants.server.ts';

/**
 * The node server's route cache: an Astro runtime cache provider (astro.config.ts names
 * this file as its entrypoint) over RouteCacheStore. It differs from Astro's memoryCache
 * in what it keys on (cache-key.ts: the path and only the parameters the route reads,
 * never the Host), in being bounded in bytes as well as entries, in being reachable
 * without a request (purges from jobs and from the other servers, purge.server.ts, go
 * through `routeCache()`), and in storing each page's brotli and gzip bytes beside it:
 * a hit picks a variant by Accept-Encoding and compresses nothing. Like memoryCache it
 * answers X-Astro-Cache: HIT, MISS or STALE.
 *
 * Each variant is made when it is first wanted, and as well as its readers warrant
 * (route-cache-variants.server.ts): a miss's copy quickly, since its reader waits and most
 * one-off pages are never asked for again; a page that is asked for again, well, in the
 * background. The quick bytes carry a weak ETag (the same content, other bytes), so a
 * client holding them revalidates against the better copy with a 304. Browsers all take
 * brotli, so most pages are never gzipped: making both copies on every miss spent about
 * 1 ms of CPU per uncached game page on gzip bytes nobody read.
 */

export interface RouteCacheConfig {
  maxEntries?: number;
  maxBytes?: number;
}

interface Registry {
  store?: RouteCacheStore;
}

// On globalThis: the start script and the built server bundle each carry a copy of this
// module, and both must reach the one store.
const REGISTRY = Symbol.for('critical-hit.route-cache');

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  holder[REGISTRY] ??= {};
  return holder[REGISTRY];
}

/** The process's store, created with the given limits the first time. */
export function routeCache(config: RouteCacheConfig = {}): RouteCacheStore {
  const state = registry();
  state.store ??= new RouteCacheStore({
    maxEntries: config.maxEntries ?? MEMORY_CACHE_ENTRIES,
    maxBytes: config.maxBytes ?? MEMORY_CACHE_BYTES,
  });
  return state.store;
}

/** Empties exactly what a purge names, in this process. */
export function purgeRouteCache(request: PurgeRequest): number {
  return routeCache().purge(request);
}

function parseDirectives(header: string | null): { maxAge: number; swr: number } {
  let maxAge = 0;
  let swr = 0;
  for (const part of (header ?? '').split(',')) {
    const [name, value] = part.trim().toLowerCase().split('=');
    if (name === 'max-age') maxAge = Number.parseInt(value ?? '', 10) || 0;
    if (name === 'stale-while-revalidate') swr = Number.parseInt(value ?? '', 10) || 0;
  }
  return { maxAge, swr };
}

// Headers that are instructions to this cache, or per response, never stored.
const NOT_STORED = new Set(['set-cookie', 'cdn-cache-control', 'cache-tag', 'x-astro-cache']);
const ASTRO_COOKIES = Symbol.for('astro.cookies');

function setsCookies(response: Response): boolean {
  if (response.headers.has('set-cookie')) return true;
  const cookies = Reflect.get(response, ASTRO_COOKIES) as { headers?: () => Iterator<unknown> } | undefined;
  return Boolean(cookies?.headers && !cookies.headers().next().done);
}

/**
 * Whether the response may be shared: no cookies, not marked private (the middleware marks
 * every answer outside the shared routes, and a shared page that read the visitor), and no
 * Vary beyond Accept-Encoding.
 */
function shareable(response: Response): boolean {
  if (setsCookies(response)) return false;
  if (/\b(private|no-store|no-cache)\b/i.test(response.headers.get('cache-control') ?? '')) return false;
  const vary = (response.headers.get('vary') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return vary.every((name) => name === 'accept-encoding');
}

/** What a stored page answers to a request: status, headers to set, and the chosen variant's bytes. */
export interface CachedAnswer {
  status: number;
  /** The variant chosen. */
  coding: Coding;
  /** Set in order over the page's stored headers. */
  headers: [string, string][];
  body: Uint8Array | null;
}

/**
 * The stored page as a request wants it: the variant Accept-Encoding picks, its own ETag,
 * and a 304 when If-None-Match already names that variant. HEAD gets the same headers
 * (the server sends no body for HEAD). Shared by the provider and the node server's
 * early answer to fresh hits (route-cache-hits.server.ts), which is why it builds no
 * Headers object: a hit should cost little more than a static file.
 */
export function cachedAnswer(
  page: CachedPage,
  acceptEncoding: string | null | undefined,
  ifNoneMatch: string | null | undefined,
  state?: 'HIT' | 'MISS' | 'STALE',
): CachedAnswer {
  const headers: [string, string][] = [];
  if (state) headers.push(['x-astro-cache', state]);
  const coding = negotiateEncoding(acceptEncoding, Object.keys(page.variants) as Encoding[]);
  const body = coding === 'identity' ? page.body : page.variants[coding]!;
  if (coding !== 'identity') headers.push(['content-encoding', coding]);
  if (page.etag) {
    const tag = variantEtag(page.etag, coding);
    const etag = coding !== 'identity' && page.quick.includes(coding) ? `W/${tag}` : tag;
    headers.push(['etag', etag]);
    if (etagMatches(ifNoneMatch, etag)) return { status: 304, coding, headers, body: null };
  }
  headers.push(['content-length', String(body.byteLength)]);
  return { status: page.status, coding, headers, body };
}

function fromPage(page: CachedPage, request: Request, state?: 'HIT' | 'MISS' | 'STALE'): Response {
  const answer = cachedAnswer(page, request.headers.get('accept-encoding'), request.headers.get('if-none-match'), state);
  const headers = new Headers(page.headers);
  for (const [name, value] of answer.headers) headers.set(name, value);
  return new Response(answer.body?.slice() ?? null, { status: answer.status, headers });
}

/**
 * Renders through `next`, stores the page and its encoded variants when its rule says so,
 * and answers the request from them. The body is read whole (pages are rendered whole
 * anyway).
 */
async function renderAndStore(
  store: RouteCacheStore,
  target: { key: string; path: string },
  request: Request,
  next: () => Promise<Response>,
  onSkip: (reason: string) => void,
  effort: Effort,
): Promise<Response> {
  const since = store.generation;
  const response = await next();
  const { maxAge, swr } = parseDirectives(response.headers.get('CDN-Cache-Control'));
  if (maxAge <= 0 || response.status !== 200) return response;
  if (!shareable(response)) {
    onSkip('it sets a cookie or varies by a request header');
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const canEncode = encodable(body, response.headers.get('content-type') ?? '');
  // Only the variant this request takes; the others when a hit first wants them.
  const wanted = canEncode ? wantedEncoding(request.headers.get('accept-encoding')) : undefined;
  const encoded = wanted ? await compress(body, wanted, effort) : undefined;
  const shrank = wanted !== undefined && encoded !== undefined && encoded.byteLength < body.byteLength;
  const variants: CachedPage['variants'] = shrank ? { [wanted]: encoded } : {};
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!NOT_STORED.has(name.toLowerCase()) && name.toLowerCase() !== 'vary') headers.push([name, value]);
  });
  if (canEncode || response.headers.has('vary')) headers.push(['vary', 'Accept-Encoding']);
  const tags = (response.headers.get('Cache-Tag') ?? '').split(',').map((tag) => tag.trim()).filter(Boolean);
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const quick = shrank && effort === 'quick' ? [wanted] : [];
  const page: CachedPage = { status: 200, headers, body, variants, quick, encodable: canEncode && (shrank || !wanted), etag, tags, path: target.path, storedAt: Date.now(), maxAge, swr };
  const stored = store.store(target.key, page, since);
  return fromPage(page, request, stored ? 'MISS' : undefined);
}

const routeCacheProvider: CacheProviderFactory<RouteCacheConfig> = (config) => {
  const store = routeCache(config ?? {});
  const revalidating = new Set<string>();
  const provider: CacheProvider = {
    name: 'critical-hit-memory',
    async onRequest(context, next) {
      const { method } = context.request;
      // HEAD reads the cache (same headers as GET) but never fills it.
      const target = method === 'GET' || method === 'HEAD' ? routeCacheKey(context.url) : undefined;
      if (!target) return next();
      const skip = (reason: string) => context.logger.warn(`Not caching ${target.path}: ${reason}.`);

      const cached = store.lookup(target.key);
      if (!cached && method === 'HEAD') return next();
      const page = cached && (await withWantedVariant(store, target.key, cached.page, context.request.headers.get('accept-encoding')));
      if (page && cached?.freshness === 'fresh') {
        void refineQuickVariants(store, target.key, page);
        return fromPage(page, context.request, 'HIT');
      }
      if (page && cached?.freshness === 'stale') {
        if (!revalidating.has(target.key)) {
          revalidating.add(target.key);
          // Nobody waits for it, and the page has readers: its copy is made well at once (so
          // the stale render's quick copy is not made again; the new render replaces it).
          const refresh = renderAndStore(store, target, context.request, next, skip, 'kept')
            .catch((error: unknown) => context.logger.warn(`Background revalidation of ${target.key} failed: ${String(error)}`))
            .finally(() => revalidating.delete(target.key));
          context.waitUntil?.(refresh);
        }
        return fromPage(page, context.request, 'STALE');
      }

      return renderAndStore(store, target, context.request, next, skip, 'quick');
    },
    async invalidate(options) {
      const tags = options.tags === undefined ? undefined : Array.isArray(options.tags) ? options.tags : [options.tags];
      store.purge({ tags, paths: options.path ? [options.path] : undefined });
    },
  };
  return provider;
};

export default routeCacheProvider;
