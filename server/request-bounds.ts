import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitFor, declaredLength, payloadTooLarge } from '../src/lib/http/body-limits.ts';
import { refuseMethod } from '../src/lib/http/methods.ts';
import { routeError } from '../src/lib/http/route-errors.ts';
import { send } from './send.ts';

/**
 * The node server's first look at a request, before the Astro adapter turns it into a web
 * Request (which reads the body as the handler asks for it, however large)
 * (docs/decisions/request-bounds.md):
 * - a path that is not valid percent-encoding names nothing: a 400 before anything decodes it;
 * - a method the route never takes is a 405 (TRACE, TRACK and CONNECT must be refused here:
 *   the web Request cannot even represent them);
 * - a declared Content-Length over the route's limit is a 413 without reading the body;
 * - a chunked body is read up to the limit and handed on in memory (the adapter reads
 *   `req.body` when a body parser set it), or answered with a 413 the moment it passes it.
 */

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** How long a refused upload may go on being read, and thrown away, after the answer. */
const LINGER_MS = 2_000;

/**
 * Answers a refused request and ends its connection with a lingering close: the answer goes
 * out with `Connection: close`, our side of the socket ends, and whatever the client is
 * still sending is read and thrown away for at most LINGER_MS. Closing the socket at once
 * would reset a connection with unread data on it, and the client could lose the answer.
 */
function refuse(req: IncomingMessage, res: ServerResponse, answer: Response, close: boolean): void {
  if (!close) return void send(res, answer);
  void send(res, answer, { connection: 'close' }, false).then(() => {
    req.resume();
    req.socket.end();
    setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  });
}

function validPercentEncoding(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

export function boundRequests(): Handler {
  return (req, res, next) => {
    const url = req.url ?? '/';
    const pathname = URL.parse(url, 'http://request.invalid')?.pathname ?? '/';
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    if (!validPercentEncoding(url))
      return refuse(req, res, routeError(pathname, 400, 'bad_request', 'Bad request.'), hasBody);
    const refused = refuseMethod(pathname, req.method ?? 'GET');
    if (refused) return refuse(req, res, refused, true);
    const limit = bodyLimitFor(pathname);
    const length = declaredLength(req.headers['content-length']);
    if (length !== null) return length > limit ? refuse(req, res, payloadTooLarge(pathname), true) : next();
    if (req.headers['transfer-encoding'] === undefined) return next();
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd);
      chunks.length = 0;
      refuse(req, res, payloadTooLarge(pathname), true);
    };
    const onEnd = () => {
      (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks, received);
      next();
    };
    req.on('data', onData).on('end', onEnd);
  };
}
