import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { compressResponses } from './compression.server.ts';

// Which of zlib's two APIs did the work: the one on the event loop or the thread pool's.
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return { ...actual, brotliCompress: vi.fn(actual.brotliCompress), brotliCompressSync: vi.fn(actual.brotliCompressSync) };
});
const onPool = vi.mocked(zlib.brotliCompress);
const inline = vi.mocked(zlib.brotliCompressSync);

const page = `<!doctype html><p>${'Scores you can check, outlet by outlet. '.repeat(300)}</p>`;
const large = `<!doctype html><p>${Array.from({ length: 9000 }, (_, i) => `review ${i} `).join('')}</p>`;
let server: http.Server;
let base: string;
// Requests to /slow are held open until released, so a second request finds one in flight.
const held: (() => void)[] = [];

beforeAll(async () => {
  server = http.createServer(
    compressResponses((req, res) => {
      const answer = () => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(req.url === '/large' ? large : page);
      };
      if (req.url === '/slow') held.push(answer);
      else answer();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const answer of held.splice(0)) answer();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  onPool.mockClear();
  inline.mockClear();
});

async function brotliPage(path: string): Promise<string> {
  const response = await fetch(base + path, { headers: { 'accept-encoding': 'br' } });
  expect(response.headers.get('content-encoding')).toBe('br');
  return response.text();
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('where a body is compressed', () => {
  it('on the event loop when its request is the only one being answered', async () => {
    expect(await brotliPage('/')).toBe(page);
    expect(inline).toHaveBeenCalledTimes(1);
    expect(onPool).not.toHaveBeenCalled();
  });

  it('on the thread pool while another request is being answered', async () => {
    const slow = fetch(`${base}/slow`, { headers: { 'accept-encoding': 'br' } });
    await until(() => held.length === 1);
    expect(await brotliPage('/')).toBe(page);
    expect(onPool).toHaveBeenCalledTimes(1);
    expect(inline).not.toHaveBeenCalled();
    held.shift()!();
    expect(await (await slow).text()).toBe(page);
    // The held request was alone by then, and the next one is alone again.
    expect(await brotliPage('/')).toBe(page);
    expect(inline).toHaveBeenCalledTimes(2);
  });

  it('on the thread pool when the body is larger than 64 KB, even alone', async () => {
    expect(large.length).toBeGreaterThan(64 * 1024);
    expect(await brotliPage('/large')).toBe(large);
    expect(onPool).toHaveBeenCalledTimes(1);
    expect(inline).not.toHaveBeenCalled();
  });
});
