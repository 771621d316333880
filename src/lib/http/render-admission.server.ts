import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How many page renders the node server works on at once; the others wait their turn, first
 * come first served.
 *
 * Past the point where the database (one engine on the embedded database, the machine's
 * cores on PostgreSQL) is busy all the time, more renders at once do not make more pages a
 * second: every page's statements queue behind every other page's, round after round, and
 * which page finishes first is luck. Thirty-two pages at once on the embedded database
 * finished at 177 ms at the median but 347 ms at p95. Let in a few at a time, the same
 * work is done in arrival order: each page waits for the ones ahead of it, not for all of
 * them, so the slowest page waits about as long as the average one.
 *
 * Only GET and HEAD wait (page and API reads: no body to hold a place while it uploads).
 * Static files, route-cache hits and the health check are answered before this and never
 * wait. A request whose client leaves while waiting gives up its place. The queue is
 * bounded: beyond it the answer is a 503 with Retry-After, instead of memory for an
 * unbounded backlog.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface AdmissionLimits {
  /** Renders at once. */
  concurrency: number;
  /** Requests waiting, beyond which new ones are turned away. */
  maxWaiting: number;
}

export const DEFAULT_ADMISSION: AdmissionLimits = { concurrency: 8, maxWaiting: 1024 };

export function admitRenders(next: Handler, limits: AdmissionLimits = DEFAULT_ADMISSION): Handler & { readonly active: number; readonly waiting: number } {
  let active = 0;
  const waiting: { req: IncomingMessage; res: ServerResponse }[] = [];

  const start = (req: IncomingMessage, res: ServerResponse) => {
    active += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      active -= 1;
      // The next one still connected.
      for (let turn = waiting.shift(); turn; turn = waiting.shift()) {
        if (turn.res.destroyed || turn.res.writableEnded) continue;
        start(turn.req, turn.res);
        return;
      }
    };
    // 'close' comes once the answer is sent or the connection is gone, whichever is first.
    res.once('close', release);
    next(req, res);
  };

  const admit = ((req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || active < limits.concurrency) {
      if (req.method === 'GET' || req.method === 'HEAD') start(req, res);
      else next(req, res);
      return;
    }
    if (waiting.length >= limits.maxWaiting) {
      res.statusCode = 503;
      res.setHeader('Retry-After', '1');
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end('The server is busy. Please try again in a moment.');
      return;
    }
    const turn = { req, res };
    waiting.push(turn);
    res.once('close', () => {
      const at = waiting.indexOf(turn);
      if (at >= 0) waiting.splice(at, 1);
    });
  }) as Handler & { readonly active: number; readonly waiting: number };
  Object.defineProperties(admit, {
    active: { get: () => active },
    waiting: { get: () => waiting.length },
  });
  return admit;
}
