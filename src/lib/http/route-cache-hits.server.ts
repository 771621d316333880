import type { IncomingMessage, ServerResponse } from 'node:http';
import { routeCacheKey } from './cache-key.ts';
import { etagMatches, type Coding } from './content-encoding.ts';
import type { CachedPage } from './route-cache-store.ts';
import { cachedAnswer, routeCache } from './route-cache.server.ts';
import { lacksWantedVariant, refineQuickVariants } from './route-cache-variants.server.ts';

/**
 * Fresh route-cache hits answered by the node server before Astro is involved. The Astro
 * cache provider (route-cache.server.ts) would answer the same request with the same
 * bytes: it uses the same key, the same store and the same variant choice, and on a hit it
 * runs no middleware either. What this skips is the per-request framework work around it
 * (routing, a web Request and Response, streaming the body through a reader), which cost
 * more than half the throughput of a static file. Stale pages, misses and pages that lack
 * the encoded variant a request wants go on to Astro, which renders, revalidates, stores
 * and makes variants.
 *
 * A hit must cost no more than a static file, which is a map lookup and headers made once
 * (static-files.server.ts). So the work that depends only on the request target (the cache
 * key) or only on the page and the Accept-Encoding header (the variant, its ETag and the
 * headers that go out) is done once and kept: a hit parses no URL, matches no route
 * pattern, negotiates nothing and builds no header list.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A page's 200 for one Accept-Encoding: every header in the order set, and the body. */
interface PreparedAnswer {
  status: number;
  /** Set in order; a name appears once, with the value that wins. */
  headers: readonly (readonly [name: string, value: string])[];
  etag: string | undefined;
  body: Uint8Array;
}

/** Request targets whose key is kept, before the memo starts again (one-off URLs churn it). */
const MAX_KEYS = 4096;
/** Longer targets and Accept-Encoding headers are looked at each time, never kept. */
const MAX_KEPT_LENGTH = 256;
/** Distinct Accept-Encoding headers kept per page (browsers send a handful between them). */
const MAX_ENCODING_HEADERS = 8;

/** The cache key of a request target as it came (`/games/x?utm=1`), null when no rule covers it. */
function keyMemo(): (target: string) => string | null {
  const keys = new Map<string, string | null>();
  return (target) => {
    let key = keys.get(target);
    if (key !== undefined) return key;
    try {
      key = routeCacheKey(new URL(target, 'http://localhost'))?.key ?? null;
    } catch {
      key = null;
    }
    if (target.length <= MAX_KEPT_LENGTH) {
      if (keys.size >= MAX_KEYS) keys.clear();
      keys.set(target, key);
    }
    return key;
  };
}

/** The stored headers, then the answer's own, merged as setting them one after another would. */
function mergedHeaders(stored: readonly [string, string][], own: readonly [string, string][]): [string, string][] {
  const merged = new Map<string, [string, string]>();
  for (const [name, value] of [...stored, ...own]) merged.set(name.toLowerCase(), [name, value]);
  return [...merged.values()];
}

interface Kept {
  byHeader: Map<string, PreparedAnswer>;
  byCoding: Map<Coding, PreparedAnswer>;
}

// Per stored page: a page stored again is a new object, and what was kept for the old one goes with it.
const KEPT = new WeakMap<CachedPage, Kept>();

/** The answer kept for this page and header, or undefined when the page lacks the variant wanted (the provider makes it). */
function preparedAnswer(page: CachedPage, acceptEncoding: string): PreparedAnswer | undefined {
  let kept = KEPT.get(page);
  if (!kept) KEPT.set(page, (kept = { byHeader: new Map(), byCoding: new Map() }));
  let prepared = kept.byHeader.get(acceptEncoding);
  if (prepared) return prepared;
  // Adding the variant stores the page as a new object, which starts a new memo.
  if (lacksWantedVariant(page, acceptEncoding)) return undefined;
  const answer = cachedAnswer(page, acceptEncoding, undefined, 'HIT');
  prepared = kept.byCoding.get(answer.coding);
  if (!prepared) {
    prepared = {
      status: answer.status,
      headers: mergedHeaders(page.headers, answer.headers),
      etag: answer.headers.find(([name]) => name === 'etag')?.[1],
      // A Buffer view of the bytes (no copy): the socket would wrap a plain Uint8Array in one on every write.
      body: Buffer.from(answer.body!.buffer, answer.body!.byteOffset, answer.body!.byteLength),
    };
    kept.byCoding.set(answer.coding, prepared);
  }
  if (acceptEncoding.length <= MAX_KEPT_LENGTH && kept.byHeader.size < MAX_ENCODING_HEADERS) kept.byHeader.set(acceptEncoding, prepared);
  return prepared;
}

function setHeaders(res: ServerResponse, headers: readonly (readonly [string, string])[]): void {
  for (const [name, value] of headers) {
    // The security headers the server put on every answer are the page's own too.
    if (res.getHeader(name) !== value) res.setHeader(name, value);
  }
}

export function serveRouteCacheHits(next: Handler): Handler {
  const keyOf = keyMemo();
  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return next(req, res);
    const key = keyOf(req.url ?? '/');
    const page = key === null ? undefined : routeCache().freshPage(key);
    if (key === null || !page) return next(req, res);
    void refineQuickVariants(routeCache(), key, page);
    const acceptEncoding = req.headers['accept-encoding'] ?? '';
    const ifNoneMatch = req.headers['if-none-match'];
    const prepared = preparedAnswer(page, acceptEncoding);
    if (!prepared) return next(req, res);
    if (ifNoneMatch && prepared.etag !== undefined && etagMatches(ifNoneMatch, prepared.etag)) {
      // A revalidation: the 304 as the provider makes it (no Content-Length, no body).
      const answer = cachedAnswer(page, acceptEncoding, ifNoneMatch, 'HIT');
      res.statusCode = answer.status;
      setHeaders(res, page.headers);
      setHeaders(res, answer.headers);
      res.end();
      return;
    }
    res.statusCode = prepared.status;
    setHeaders(res, prepared.headers);
    res.end(prepared.body);
  };
}
