import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../src/lib/http/body-limits.ts';
import { boundRequests } from './request-bounds.ts';

// A handler standing in for the Astro adapter: it reads `req.body` when set (as the adapter
// does), else the stream, and answers with the number of bytes it got.
let handled = 0;
async function countBytes(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  handled += 1;
  const preset = (req as http.IncomingMessage & { body?: Buffer }).body;
  let length = preset?.length ?? 0;
  if (!preset) for await (const chunk of req) length += (chunk as Buffer).length;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ length, preset: Boolean(preset) }));
}
let server: http.Server;
let port: number;

beforeAll(async () => {
  const bound = boundRequests();
  server = http.createServer((request, response) => bound(request, response, () => void countBytes(request, response)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Body bytes the client managed to hand over before the answer came. */
  sent: number;
}

/**
 * Sends `chunks` (count × size bytes) as the body, chunked unless `contentLength` is given,
 * and stops writing as soon as the answer arrives.
 */
function send(
  path: string,
  method: string,
  options: { chunks?: number; size?: number; contentLength?: number } = {},
): Promise<Answer> {
  const { chunks = 0, size = 64 * 1024, contentLength } = options;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
    if (contentLength !== undefined) headers['content-length'] = contentLength;
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (body += part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, sent }));
    });
    // The server closing the connection mid-upload is expected; only fail if no answer came.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(size, 0x61);
    const pump = (remaining: number) => {
      if (answered || remaining === 0 || request.destroyed) {
        if (!answered && !request.destroyed) request.end();
        return;
      }
      sent += chunk.length;
      if (request.write(chunk)) setImmediate(() => pump(remaining - 1));
      else request.once('drain', () => pump(remaining - 1));
    };
    if (chunks === 0) request.end();
    else pump(chunks);
  });
}

describe('boundRequests', () => {
  it('refuses a declared body over the limit without handing it on or reading it', async () => {
    const before = handled;
    // 100 MB declared; only a little is ever written before the answer arrives.
    const answer = await send('/api/profile', 'PATCH', { contentLength: 100 * 1024 * 1024, chunks: 1600 });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large: the limit here is 64 KB.' },
    });
    expect(answer.sent).toBeLessThan(10 * 1024 * 1024);
    expect(handled).toBe(before);
  });

  it('stops a chunked body at the limit', async () => {
    const before = handled;
    const answer = await send('/auth/v1/signup', 'POST', { chunks: 1600 });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' });
    expect(answer.sent).toBeLessThan(10 * 1024 * 1024);
    expect(handled).toBe(before);
  });

  it('hands bodies within the limit on whole, chunked or not', async () => {
    const chunked = await send('/api/profile', 'PATCH', { chunks: 4, size: 16 * 1024 });
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body)).toEqual({ length: BODY_LIMITS.json, preset: true });
    const declared = await send('/api/profile', 'PATCH', { contentLength: 1000, chunks: 1, size: 1000 });
    expect(JSON.parse(declared.body)).toEqual({ length: 1000, preset: false });
    const none = await send('/games', 'GET');
    expect(JSON.parse(none.body)).toEqual({ length: 0, preset: false });
  });

  it('answers TRACE with 405 and never hands it on', async () => {
    const before = handled;
    const page = await send('/', 'TRACE');
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
    const api = await send('/api/search', 'TRACE');
    expect(api.status).toBe(405);
    expect(JSON.parse(api.body)).toEqual({
      error: { code: 'method_not_allowed', message: 'This method is not allowed here.' },
    });
    expect(handled).toBe(before);
  });

  it('answers a path that is not valid percent-encoding with 400 and never hands it on', async () => {
    const before = handled;
    const page = await send('/games/%E0%A4%A', 'GET');
    expect(page.status).toBe(400);
    expect(page.body).toBe('Bad request.\n');
    const api = await send('/api/search%ZZ?q=zelda', 'GET');
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ error: { code: 'bad_request', message: 'Bad request.' } });
    expect(handled).toBe(before);
    // Encoded characters that decode are handed on.
    expect((await send('/games/%7a%65lda', 'GET')).status).toBe(200);
  });

  it('keeps serving after refusing', async () => {
    await send('/api/profile', 'PATCH', { contentLength: 10 * 1024 * 1024, chunks: 200 });
    expect((await send('/games', 'GET')).status).toBe(200);
  });
});
