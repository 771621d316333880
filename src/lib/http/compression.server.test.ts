import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compress, compressResponses, INLINE_MAX_BYTES } from './compression.server.ts';

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
      if (req.url === '/encoded') {
        // A cached page's brotli variant, or a precompressed file: already encoded.
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br', 'content-length': '7' });
        res.end('encoded');
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

function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('compressResponses', () => {
  it('negotiates as the rest of the server does: q=0 refuses brotli', async () => {
    expect((await get('/', 'gzip, deflate, br')).headers['content-encoding']).toBe('br');
    const gzip = await get('/', 'br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    expect((await get('/', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('passes answers that are already encoded through untouched', async () => {
    const encoded = await get('/encoded', 'br, gzip');
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.body.toString()).toBe('encoded');
  });

  it('answers HEAD with the headers GET gets', async () => {
    const head = await get('/', 'br', 'HEAD');
    const full = await get('/', 'br');
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
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

describe('compress', () => {
  // Whether the event loop turned (a setImmediate ran) before the compressed bytes arrived.
  async function loopTurned(body: Buffer, encoding: 'br' | 'gzip', effort: 'quick' | 'kept'): Promise<{ turned: boolean; bytes: Buffer }> {
    let turned = false;
    setImmediate(() => (turned = true));
    const bytes = await compress(body, encoding, effort);
    return { turned, bytes };
  }
  const text = (size: number) => Buffer.from(Array.from({ length: size / 16 }, (_, i) => `line ${String(i).padStart(11, '0')}`).join('').slice(0, size));

  it('compresses a body up to 64 KB inline at the quick level, and a larger one, or the kept level, off the event loop', async () => {
    expect(text(INLINE_MAX_BYTES + 1024).length).toBe(INLINE_MAX_BYTES + 1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const small = await loopTurned(text(INLINE_MAX_BYTES), encoding, 'quick');
      expect(small.turned, encoding).toBe(false);
      const large = await loopTurned(text(INLINE_MAX_BYTES + 1024), encoding, 'quick');
      expect(large.turned, encoding).toBe(true);
      const kept = await loopTurned(text(16 * 1024), encoding, 'kept');
      expect(kept.turned, encoding).toBe(true);
      for (const [body, { bytes }] of [[text(INLINE_MAX_BYTES), small], [text(INLINE_MAX_BYTES + 1024), large], [text(16 * 1024), kept]] as const) {
        expect((encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).equals(body)).toBe(true);
      }
    }
  });

  it('makes the kept copy smaller than the quick one', async () => {
    const body = Buffer.from(page.repeat(20) + text(40_000).toString());
    const quick = await compress(body, 'br', 'quick');
    const kept = await compress(body, 'br', 'kept');
    expect(kept.length).toBeLessThan(quick.length);
  });
});
