import type { IncomingMessage, ServerResponse } from 'node:http';
import { routeCacheKey } from './cache-key.ts';
import { cachedAnswer, routeCache } from './route-cache.server.ts';

/**
 * Fresh route-cache hits answered by the node server before Astro is involved. The Astro
 * cache provider (route-cache.server.ts) would answer the same request with the same
 * bytes: it uses the same key, the same store and the same variant choice, and on a hit it
 * runs no middleware either. What this skips is the per-request framework work around it
 * (routing, a web Request and Response, streaming the body through a reader), which cost
 * more than half the throughput of a static file. Stale pages and misses go on to Astro,
 * which renders, revalidates and stores.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export function serveRouteCacheHits(next: Handler): Handler {
  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return next(req, res);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return next(req, res);
    }
    const target = routeCacheKey(url);
    const cached = target ? routeCache().freshPage(target.key) : undefined;
    if (!cached) return next(req, res);
    const answer = cachedAnswer(cached, req.headers['accept-encoding'], req.headers['if-none-match'], 'HIT');
    res.statusCode = answer.status;
    for (const [name, value] of cached.headers) res.setHeader(name, value);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.end(answer.body ?? undefined);
  };
}
