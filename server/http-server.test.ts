import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/lib/config/env.ts';
import type { DatabaseConnection } from '../src/lib/db/connect.server.ts';
import { closeDatabase, setConnector } from '../src/lib/db/db.server.ts';
import { createNodeServer, IMMUTABLE } from './http-server.ts';

// The layers around the site, with a stand-in for the Astro app that answers a page, or holds
// every request to /slow until the test lets it go.

const script = `export const x = ${JSON.stringify('x'.repeat(4000))};\n`;
const root = mkdtempSync(path.join(os.tmpdir(), 'node-server-'));
mkdirSync(path.join(root, '_astro'));
for (const [file, text] of [
  ['_astro/app.1a2b3c.js', script],
  ['favicon.svg', `<svg>${' '.repeat(2000)}</svg>`],
]) {
  writeFileSync(path.join(root, file!), text!);
  writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(text!));
  writeFileSync(path.join(root, `${file}.gz`), gzipSync(text!));
}

const page = `<!doctype html><main>${'<p>a page of the site</p>'.repeat(200)}</main>`;
const held: ServerResponse[] = [];
let rendered = 0;
function app(req: IncomingMessage, res: ServerResponse): void {
  rendered += 1;
  if (req.url === '/slow') return void held.push(res);
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'self'" })
    .end(page);
}

let origin = '';
let server: http.Server;
beforeAll(async () => {
  // The health check pings the database; a stand-in that always answers.
  setConnector(
    async () =>
      ({
        kind: 'pglite',
        location: 'memory',
        ping: async () => {},
        close: async () => {},
      }) as unknown as DatabaseConnection,
  );
  server = createNodeServer({ app, clientDir: root, env: parseEnv({ RENDER_CONCURRENCY: '1' }) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of held) res.end();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await closeDatabase();
  rmSync(root, { recursive: true, force: true });
});

/** The bytes as they travelled (no decoding). */
function raw(
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(`${origin}${target}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('the node server', () => {
  it("serves the build's own brotli and gzip copies of static files, each with its validator, hashed assets for a year", async () => {
    const asset = '/_astro/app.1a2b3c.js';
    const br = await raw(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.headers['content-encoding'], br.headers['cache-control'], br.headers.vary]).toEqual([
      'br',
      IMMUTABLE,
      'Accept-Encoding',
    ]);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gzip = await raw(asset, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await raw(asset);
    expect([plain.headers['content-encoding'], plain.body.toString()]).toEqual([undefined, script]);
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    expect((await raw(asset, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! })).status).toBe(304);
    expect((await raw('/favicon.svg', { 'accept-encoding': 'br' })).headers['cache-control']).toBe('public, max-age=0');
    expect(rendered).toBe(0);
  });

  it('compresses what the app answers, and leaves small answers and HEAD alone', async () => {
    const br = await raw('/about', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(gunzipSync((await raw('/about', { 'accept-encoding': 'gzip' })).body).toString()).toBe(page);
    expect((await raw('/about')).body.toString()).toBe(page);
    const refused = await raw('/about', { 'accept-encoding': 'br' }, 'DELETE');
    expect([refused.status, refused.headers['content-encoding']]).toEqual([405, undefined]);
  });

  it('puts the security headers on every answer: static files, pages, refusals and the health check', async () => {
    const answers = {
      asset: (await raw('/_astro/app.1a2b3c.js')).headers,
      page: (await raw('/about')).headers,
      refused: (await raw('/about', {}, 'TRACE')).headers,
      tooLarge: await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        const request = http.request(
          `${origin}/api/profile`,
          { method: 'PATCH', headers: { 'content-length': String(50 * 1024 * 1024) } },
          (res) => {
            expect(res.statusCode).toBe(413);
            resolve(res.headers);
            res.resume();
          },
        );
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
        request.write(Buffer.alloc(1024));
      }),
      health: (await raw('/api/health')).headers,
    };
    for (const [kind, headers] of Object.entries(answers)) {
      expect(headers['x-content-type-options'], kind).toBe('nosniff');
      expect(headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(headers['content-security-policy'], kind).toBe(
        kind === 'page' ? "script-src 'self'" : "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('answers the health check while every render place is taken and more wait', async () => {
    const before = rendered;
    const slow = [raw('/slow'), raw('/slow')];
    await expect.poll(() => rendered).toBe(before + 1);
    const health = await raw('/api/health');
    expect([health.status, health.headers['cache-control'], JSON.parse(health.body.toString())]).toEqual([
      200,
      'private, no-store',
      { status: 'ok', database: 'pglite' },
    ]);
    expect(rendered).toBe(before + 1);
    for (const res of held.splice(0)) res.end('done');
    await expect.poll(() => held.length).toBe(1);
    for (const res of held.splice(0)) res.end('done');
    expect((await Promise.all(slow)).map((answer) => answer.status)).toEqual([200, 200]);
  });
});
