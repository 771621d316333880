import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitFor, declaredLength, payloadTooLarge } from './body-limits.ts';
import { refuseMethod } from './methods.ts';

/**
 * The node server's first look at a request, before the Astro adapter turns it into a
 * web Request (which reads the body as the handler asks for it, however large):
 * - a declared Content-Length over the route's limit is a 413 without reading the body;
 * - a chunked body (no Content-Length) is read up to the limit and handed on in memory,
 *   or answered with a 413 the moment it passes the limit;
 * - a method the route never takes is a 405 (TRACE, TRACK and CONNECT must be refused
 *   here: the web Request cannot even represent them).
 * After a 413 the connection is closed, so the rest of the body is never read.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function pathnameOf(req: IncomingMessage): string {
  try {
    return new URL(req.url ?? '/', 'http://request.invalid').pathname;
  } catch {
    return '/';
  }
}

/** Writes a web Response (a small error body) to the node response, then closes the connection when asked. */
async function send(req: IncomingMessage, res: ServerResponse, response: Response, closeAfter: boolean): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  headers['content-length'] = String(body.length);
  if (closeAfter) headers.connection = 'close';
  res.writeHead(response.status, headers);
  // Once the answer is out, drop the connection: whatever the client still sends is never read.
  res.end(body, () => {
    if (closeAfter) req.socket.destroy();
  });
}

export function boundRequests(handler: Handler): Handler {
  return (req, res) => {
    const pathname = pathnameOf(req);
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
        req.off('data', onData).off('end', onEnd).pause();
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
