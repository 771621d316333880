import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { writeResponse } from 'astro/app/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardReasonResponse } from './reason-phrases.ts';

/** The status line a raw socket reads for GET `path`. */
function statusLine(server: Server, path: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => resolve(received.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

const STATUSES = [200, 301, 302, 304, 404, 410, 429, 500, 503];

describe('StandardReasonResponse', () => {
  let server: Server;
  beforeAll(async () => {
    server = createServer({ ServerResponse: StandardReasonResponse }, (req, res) => {
      const [, how, code] = (req.url ?? '').split('/');
      const status = Number(code);
      // As Astro's node adapter writes a page that set Astro.response.status: statusText "OK".
      if (how === 'astro')
        void writeResponse(new Response(status === 304 ? null : 'page', { status, statusText: 'OK' }), res);
      // The implicit head of `res.statusCode = n; res.end()`.
      else if (how === 'implicit') {
        res.statusCode = status;
        res.end();
      } else res.writeHead(status, 'Whatever', { 'content-length': '0' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(STATUSES)('sends %i with its standard reason phrase, whoever wrote the head', async (status) => {
    const expected = {
      200: 'OK',
      301: 'Moved Permanently',
      302: 'Found',
      304: 'Not Modified',
      404: 'Not Found',
      410: 'Gone',
      429: 'Too Many Requests',
      500: 'Internal Server Error',
      503: 'Service Unavailable',
    }[status];
    for (const how of ['astro', 'implicit', 'explicit'])
      expect(await statusLine(server, `/${how}/${status}`), how).toBe(`HTTP/1.1 ${status} ${expected}`);
  });
});
