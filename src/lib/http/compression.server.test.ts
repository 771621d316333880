import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses, pickEncoding } from './compression.server.ts';

const page = `<!doctype html><p>${'Critic reviews you can check. '.repeat(200)}</p>`;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer(
    compressResponses((req, res) => {
      if (req.url === '/small') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('tiny');
        return;
      }
      if (req.url === '/png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(5000));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(page.slice(0, 100));
      res.end(page.slice(100));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('compressResponses', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('compresses pages with brotli or gzip and the body survives the round trip', async () => {
    const br = await get('/', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gzip = await get('/', 'gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
  });

  it('leaves small bodies, images and clients without compression alone', async () => {
    expect((await get('/small', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/png', 'br')).headers['content-encoding']).toBeUndefined();
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });
});
