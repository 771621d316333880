import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';
import { handleHealth } from '../functions/health/handlers.ts';
import type { Env } from '../src/lib/config/env.ts';
import { commonSecurityHeaders, securityOptions, staticFileCsp } from '../src/lib/http/security-headers.server.ts';
import { acceptedCodings, BROTLI_SENT_ONCE } from './encoding.ts';
import { StandardReasonResponse } from './reason-phrases.ts';
import { admitRenders, MAX_WAITING } from './render-admission.ts';
import { boundRequests } from './request-bounds.ts';
import { pageStore } from './page-store.ts';
import { serveCachedPages } from './route-cache.ts';
import { send } from './send.ts';

/**
 * The node server around the built site: the Astro node adapter in middleware mode (the
 * app alone) behind the layers its own server lacks, in the order a request meets them
 * (docs/decisions/server-stack.md):
 * 1. the security headers every answer carries (Astro's answers replace the policy with the page's own);
 * 2. request bounds: 400, 405 and 413 before anything reads the body;
 * 3. GET /api/health, which must not wait behind the pages being rendered;
 * 4. fresh page-cache hits, as stored (before sirv looks the path up: hits are most requests);
 * 5. the build's static files with their brotli and gzip copies (sirv);
 * 6. render admission: a few renders at once, the rest in arrival order;
 * 7. compression of what is left (the `compression` package, off the event loop).
 * Every status goes out with its standard reason phrase (reason-phrases.ts).
 */

type App = (req: IncomingMessage, res: ServerResponse) => void;
type Layer = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Build assets carry a content hash in their names: cached for a year. The rest is revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

function securityHeaders(env: Env): Layer {
  const headers = Object.entries(commonSecurityHeaders(securityOptions(env)));
  return (req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', staticFileCsp((req.url ?? '/').split('?')[0]!));
    next();
  };
}

/** The same handler as the route (src/pages/api/health.ts), which still answers other methods. */
function healthCheck(): Layer {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (req.url ?? '').split('?')[0] !== '/api/health')
      return next();
    handleHealth().then((response) => send(res, response, { 'cache-control': 'private, no-store' }), next);
  };
}

/** dist/client, listed once at start (a build never changes under a running server). */
function staticFiles(root: string): Layer {
  const files = sirv(root, {
    brotli: true,
    gzip: true,
    etag: true,
    extensions: [],
    setHeaders: (res, pathname) =>
      res.setHeader('Cache-Control', pathname.startsWith('/_astro/') ? IMMUTABLE : 'public, max-age=0'),
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const header = req.headers['accept-encoding'];
    // sirv looks for "br" and "gzip" in the text; the weights (br;q=0 refuses brotli) are read here.
    req.headers['accept-encoding'] = acceptedCodings(header);
    files(req, res, () => {
      req.headers['accept-encoding'] = header;
      next();
    });
  };
}

export function createNodeServer({ app, clientDir, env }: { app: App; clientDir: string; env: Env }): http.Server {
  const layers: Layer[] = [
    securityHeaders(env),
    boundRequests(),
    healthCheck(),
    serveCachedPages(pageStore()),
    staticFiles(clientDir),
    admitRenders({ concurrency: env.RENDER_CONCURRENCY, maxWaiting: MAX_WAITING }),
    compression({ brotli: BROTLI_SENT_ONCE }) as unknown as Layer,
  ];
  const handler = layers.reduceRight<App>((next, layer) => (req, res) => layer(req, res, () => next(req, res)), app);
  const server = http.createServer({ ServerResponse: StandardReasonResponse }, handler);
  server.keepAliveTimeout = 65_000;
  return server;
}
