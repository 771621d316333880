import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitFor, declaredLength, payloadTooLarge } from './body-limits.ts';
import { refuseMethod } from './methods.ts';
import { routeError } from './route-errors.ts';

/**
 * The node server's first look at a request, before the Astro adapter turns it into a
 * web Request (which reads the body as the handler asks for it, however large):
 * - a declared Content-Length over the route's limit is a 413 without reading the body;
 * - a chunked body (no Content-Length) is read up to the limit and handed on in memory,
 *   or answered with a 413 the moment it passes the limit;
 * - a method the route never takes is a 405 (TRACE, TRACK and CONNECT must be refused
 *   here: the web Request cannot even represent them);
 * - a path that is not valid percent-encoding names nothing: a 400 before anything decodes it.
 * After a 413 or 405, or a 400 with a body, the connection is closed: the rest of the body is
 * never kept.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function pathnameOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://request.invalid').pathname;
  } catch {
    return '/';
  }
}

function validPercentEncoding(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

// How long a refused upload may go on being read (and thrown away) after the answer.
const LINGER_MS = 2_000;

/**
 * Ends the connection of a refused request without resetting it. The answer says
 * `Connection: close`, so no client reuses the connection; node then closes it after the
 * answer (`destroySoon`), which here becomes a lingering close: our side ends, and whatever
 * the client is still sending is read and thrown away for at most LINGER_MS. Destroying the
 * socket at once would reset a connection with unread data on it, and the client could
 * lose the answer before reading it.
 */
function closeAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    req.resume();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/** Writes a web Response (a small error body) to the node response; `close` ends the connection after it. */
async function send(req: IncomingMessage, res: ServerResponse, response: Response, close: boolean): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  headers['content-length'] = String(body.length);
  if (close) {
    headers.connection = 'close';
    closeAfterAnswer(req);
  }
  res.writeHead(response.status, headers);
  res.end(body);
}

export function boundRequests(handler: Handler): Handler {
  return (req, res) => {
    const pathname = pathnameOf(req);
    if (!validPercentEncoding(req.url ?? '/')) {
      const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
      void send(req, res, routeError(pathname, 400, 'bad_request', 'Bad request.'), hasBody);
      return;
    }
    const refused = refuseMethod(pathname, req.method ?? 'GET');
    if (refused) {
      void send(req, res, refused, true);
      return;
    }
    const limit = bodyLimitFor(pathname);
    const length = declaredLength(req.headers['content-length']);
    if (length !== null) {
      if (length > limit) void send(req, res, payloadTooLarge(pathname), true);
      else handler(req, res);
      return;
    }
    // No Content-Length and no Transfer-Encoding: there is no body.
    if (req.headers['transfer-encoding'] === undefined) {
      handler(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        req.off('data', onData).off('end', onEnd);
        chunks.length = 0;
        void send(req, res, payloadTooLarge(pathname), true);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      // The adapter reads `req.body` when present instead of the (now consumed) stream.
      (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks, received);
      handler(req, res);
    };
    req.on('data', onData).on('end', onEnd);
  };
}
