import {
  ServerResponse,
  STATUS_CODES,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
} from 'node:http';

/**
 * The node server's responses: every status goes out with its standard reason phrase
 * ("404 Not Found", "410 Gone"). Astro's node adapter copies a Response's statusText into
 * the status line, and a page that sets `Astro.response.status = 410` keeps the "OK" of
 * the 200 it started as: clients saw "HTTP/1.1 410 OK". Setting it here, where every
 * layer's writeHead ends (also the implicit one of `res.statusCode = 404; res.end()`),
 * covers pages, the API, static files and cache hits alike. Given to http.createServer
 * as its ServerResponse class (scripts/start.ts).
 */
export class StandardReasonResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, ...rest: unknown[]): this {
    // writeHead(status, [reason], [headers]): whatever reason a caller gave, the standard one.
    const headers = (typeof rest[0] === 'string' ? rest[1] : rest[0]) as
      OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;
    return super.writeHead(statusCode, STATUS_CODES[statusCode] ?? 'Unknown', headers);
  }
}
