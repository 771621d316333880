import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { CacheProvider, CacheProviderFactory } from 'astro';
import { routeCacheKey } from '../src/lib/http/cache-key.ts';
import { BROTLI_KEPT, codingFor, COMPRESSIBLE_TYPE, type Coding } from './encoding.ts';
import { pageStore, type CachedPage, type PageStore, type StoreLimits } from './page-store.ts';

/**
 * The node server's page cache: an Astro runtime cache provider (astro.config.ts names this
 * file as its entrypoint) over the store of page-store.ts (docs/decisions/server-stack.md).
 * Unlike Astro's memoryCache it keys a page on its path and the query parameters its route
 * reads, never the Host (cache-key.ts); it stores nothing private (shared-pages.md); it can be
 * purged without a request, by this server's jobs and by the other servers (purge.server.ts);
 * and it keeps one brotli copy of each text page, made off the event loop the first time a
 * brotli client asks for the page (a client that takes no brotli never waits for it, nor
 * pays for it), so later hits compress nothing. Fresh hits are also answered by the node server before
 * Astro runs (`serveCachedPages`): the same store and the same answer, without routing.
 */

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch?.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag));
}

/**
 * A stored page as a request wants it: brotli when it takes brotli, each copy with its own
 * ETag, a 304 when If-None-Match names that copy. HEAD gets the same headers.
 */
export function answerFor(
  page: CachedPage,
  coding: Coding,
  ifNoneMatch: string | null | undefined,
  state?: 'HIT' | 'MISS' | 'STALE',
) {
  const br = coding === 'br' && Boolean(page.br);
  const etag = br ? `"${page.etag}-br"` : `"${page.etag}"`;
  const headers: [string, string][] = [...page.headers, ['etag', etag]];
  if (br) headers.push(['content-encoding', 'br']);
  if (state) headers.push(['x-astro-cache', state]);
  if (etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: undefined };
  const body = br ? page.br! : page.body;
  headers.push(['content-length', String(body.length)]);
  return { status: page.status, headers, body };
}

const takesBrotli = (request: Request) => codingFor(request.headers.get('accept-encoding')) === 'br';

function toResponse(page: CachedPage, request: Request, state?: 'HIT' | 'MISS' | 'STALE'): Response {
  // A gzip client gets the plain page, which the compression layer in front gzips.
  const coding = takesBrotli(request) ? 'br' : 'identity';
  const answer = answerFor(page, coding, request.headers.get('if-none-match'), state);
  return new Response(answer.body ? new Uint8Array(answer.body) : null, {
    status: answer.status,
    headers: answer.headers,
  });
}

// Instructions to this cache, or per response: never stored.
const NOT_STORED = new Set([
  'set-cookie',
  'cdn-cache-control',
  'cache-tag',
  'x-astro-cache',
  'vary',
  'etag',
  'content-length',
  'content-encoding',
]);

/** A shared answer: no cookie, not private (shared-pages.ts marks personal answers), no Vary but Accept-Encoding. */
function shareable(response: Response): boolean {
  if (
    response.headers.has('set-cookie') ||
    /\b(private|no-store|no-cache)\b/i.test(response.headers.get('cache-control') ?? '')
  )
    return false;
  return (response.headers.get('vary') ?? '')
    .split(',')
    .every((name) => ['', 'accept-encoding'].includes(name.trim().toLowerCase()));
}

function lifetime(cdnCacheControl: string | null): { maxAge: number; swr: number } {
  const seconds = (name: string) =>
    Number(new RegExp(`(?:^|,)\\s*${name}=(\\d+)`, 'i').exec(cdnCacheControl ?? '')?.[1] ?? 0);
  return { maxAge: seconds('max-age'), swr: seconds('stale-while-revalidate') };
}

/** Brotli on libuv's thread pool: the event loop keeps serving while a page is compressed. */
const brotli = (body: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    zlib.brotliCompress(body, BROTLI_KEPT, (error, result) => (error ? reject(error) : resolve(result))),
  );

/**
 * The page as the store keeps it, before its brotli copy is made. A page that will have one
 * (`compressible`) varies by Accept-Encoding from the start.
 */
function pageOf(
  response: Response,
  body: Buffer,
  compressible: boolean,
  where: { path: string; maxAge: number; swr: number },
): CachedPage {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => void (NOT_STORED.has(name) || headers.push([name, value])));
  if (compressible) headers.push(['vary', 'Accept-Encoding']);
  return {
    status: 200,
    headers,
    body,
    br: compressible ? undefined : null,
    etag: createHash('sha1').update(body).digest('base64url').slice(0, 22),
    tags: (response.headers.get('Cache-Tag') ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    ...where,
    storedAt: Date.now(),
  };
}

/** The page with its brotli copy, or with none when brotli made it no smaller. */
async function withBrotli(page: CachedPage): Promise<CachedPage> {
  const br = await brotli(page.body);
  return { ...page, br: br.length < page.body.length ? br : null };
}

/** Copies being made, so that brotli clients arriving together wait for one. */
const copying = new WeakMap<CachedPage, Promise<CachedPage>>();

/** A stored page's brotli copy, made once and put in the store in the page's place. */
function brotliCopy(store: PageStore, key: string, page: CachedPage): Promise<CachedPage> {
  let made = copying.get(page);
  if (!made) {
    made = withBrotli(page).then((copied) => {
      store.replace(key, page, copied);
      return copied;
    });
    copying.set(page, made);
    // A copy that failed is tried again by the next brotli client.
    made.catch(() => copying.delete(page));
  }
  return made;
}

/**
 * Renders through `next` and stores the page when its rule says so: with its brotli copy when
 * a brotli client asked (it waits for the copy), as it is otherwise (the copy waits for the
 * first brotli client).
 */
async function renderAndStore(
  store: PageStore,
  target: { key: string; path: string },
  request: Request,
  next: () => Promise<Response>,
  warn: (message: string) => void,
): Promise<Response> {
  const since = store.generation;
  const response = await next();
  const { maxAge, swr } = lifetime(response.headers.get('CDN-Cache-Control'));
  if (maxAge <= 0 || response.status !== 200) return response;
  if (!shareable(response)) {
    warn(`Not caching ${target.path}: it sets a cookie, is private or varies by a request header.`);
    return response;
  }
  const body = Buffer.from(await response.arrayBuffer());
  // Text of a size worth a brotli copy.
  const compressible = body.length >= 1024 && COMPRESSIBLE_TYPE.test(response.headers.get('content-type') ?? '');
  const plain = pageOf(response, body, compressible, { path: target.path, maxAge, swr });
  const page = plain.br === undefined && takesBrotli(request) ? await withBrotli(plain) : plain;
  return toResponse(page, request, store.store(target.key, page, since) ? 'MISS' : undefined);
}

const routeCacheProvider: CacheProviderFactory<Partial<StoreLimits>> = (config) => {
  const store = pageStore(config);
  const revalidating = new Set<string>();
  const provider: CacheProvider = {
    name: 'critical-hit-memory',
    async onRequest(context, next) {
      const { request } = context;
      // HEAD reads the cache (the headers GET gets) but never fills it.
      const target = request.method === 'GET' || request.method === 'HEAD' ? routeCacheKey(context.url) : undefined;
      if (!target) return next();
      const warn = (message: string) => context.logger.warn(message);
      const cached = store.lookup(target.key);
      if (cached && !cached.fresh && !revalidating.has(target.key)) {
        revalidating.add(target.key);
        const refresh = renderAndStore(store, target, request, next, warn)
          .catch((error: unknown) => warn(`Background revalidation of ${target.key} failed: ${String(error)}`))
          .finally(() => revalidating.delete(target.key));
        context.waitUntil?.(refresh);
      }
      if (cached) {
        const { page, fresh } = cached;
        const answered =
          page.br === undefined && takesBrotli(request) ? await brotliCopy(store, target.key, page) : page;
        return toResponse(answered, request, fresh ? 'HIT' : 'STALE');
      }
      return request.method === 'HEAD' ? next() : renderAndStore(store, target, request, next, warn);
    },
    invalidate(options) {
      store.purge({
        tags: options.tags === undefined ? undefined : [options.tags].flat(),
        paths: options.path ? [options.path] : undefined,
      });
      return Promise.resolve();
    },
  };
  return provider;
};

export default routeCacheProvider;

/** The cache key of each request target as it arrived (bounded: one-off targets only churn it). */
const keys = new Map<string, string | null>();

function keyOf(target: string): string | null {
  let key = keys.get(target);
  if (key === undefined) {
    try {
      key = routeCacheKey(new URL(target, 'http://localhost'))?.key ?? null;
    } catch {
      key = null;
    }
    if (keys.size >= 4096) keys.clear();
    if (target.length <= 256) keys.set(target, key);
  }
  return key;
}

/**
 * Fresh hits answered before Astro: the provider's answer to the same request, without
 * routing or a web Request and Response. Stale pages, misses, gzip clients of a text page and
 * brotli clients of a page whose copy is still to be made go on.
 */
export function serveCachedPages(store: PageStore = pageStore()): Handler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const key = keyOf(req.url ?? '/');
    const page = key === null ? undefined : store.fresh(key);
    const coding = codingFor(req.headers['accept-encoding']);
    if (!page || (coding === 'gzip' && page.br !== null) || (coding === 'br' && page.br === undefined)) return next();
    const answer = answerFor(page, coding, req.headers['if-none-match'], 'HIT');
    res.statusCode = answer.status;
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.end(answer.body);
  };
}
