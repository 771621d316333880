import type { IncomingMessage, ServerResponse } from 'node:http';
import pLimit from 'p-limit';

/**
 * How many page renders one node server works on at once (RENDER_CONCURRENCY); the others
 * wait their turn, first come first served (docs/decisions/render-admission.md). Past the
 * point where the database or the event loop is busy all the time, more renders at once
 * make no more pages a second, only interleave them: let in a few at a time, each page
 * waits for the ones ahead of it, not for all of them.
 *
 * Only GET and HEAD wait: a request with a body must not hold a place while it uploads.
 * Static files, cache hits and the health check are answered before this. A visitor who
 * leaves while waiting gives up the place; beyond `maxWaiting` the answer is a 503.
 */

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface AdmissionLimits {
  /** Renders at once. */
  concurrency: number;
  /** Requests waiting, beyond which new ones are turned away. */
  maxWaiting: number;
}

export const MAX_WAITING = 1024;

export function admitRenders({
  concurrency,
  maxWaiting,
}: AdmissionLimits): Handler & { readonly active: number; readonly waiting: number } {
  const limit = pLimit(concurrency);
  /** Requests not yet started whose visitors are still there. */
  let waiting = 0;
  const admit: Handler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (waiting >= maxWaiting) {
      res.writeHead(503, {
        'retry-after': '1',
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      });
      return void res.end('The server is busy. Please try again in a moment.');
    }
    waiting += 1;
    let left = false;
    const leave = () => {
      left = true;
      waiting -= 1;
    };
    res.once('close', leave);
    void limit(
      () =>
        new Promise<void>((done) => {
          // Gone while waiting: the place goes to the next one.
          if (left) return done();
          res.off('close', leave);
          waiting -= 1;
          // 'close' comes once the answer is sent or the connection is gone, whichever is first.
          res.once('close', done);
          next();
        }),
    );
  };
  return Object.defineProperties(admit, {
    active: { get: () => limit.activeCount },
    waiting: { get: () => waiting },
  }) as Handler & {
    readonly active: number;
    readonly waiting: number;
  };
}
