import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { admitRenders } from './render-admission.ts';

// A server whose renders finish only when the test says so: which ones have started, and in
// what order, is exactly what a visitor waiting on a busy server would notice.

interface Rig {
  origin: string;
  started: string[];
  finish(path: string): void;
  admit: ReturnType<typeof admitRenders>;
  close(): Promise<void>;
}

const rigs: Rig[] = [];

async function rig(concurrency: number, maxWaiting = 100): Promise<Rig> {
  const started: string[] = [];
  const holding = new Map<string, ServerResponse>();
  const admit = admitRenders({ concurrency, maxWaiting });
  const render = (req: IncomingMessage, res: ServerResponse) => {
    started.push(`${req.method} ${req.url}`);
    holding.set(req.url!, res);
  };
  const server = http.createServer((req, res) => admit(req, res, () => render(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const made: Rig = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    started,
    admit,
    finish(path) {
      holding.get(path)!.end(`done ${path}`);
      holding.delete(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of holding.values()) res.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  rigs.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(rigs.splice(0).map((made) => made.close()));
});

/** Sends a request and resolves with its status and body once answered. */
function send(
  origin: string,
  path: string,
  method = 'GET',
  signal?: AbortSignal,
): Promise<{ status: number; body: string; retryAfter: string | null }> {
  return fetch(`${origin}${path}`, { method, signal }).then(async (res) => ({
    status: res.status,
    body: await res.text(),
    retryAfter: res.headers.get('retry-after'),
  }));
}

/** Waits until the condition holds, checking after each turn of the event loop (for 5 s at most). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}

describe('admitRenders', () => {
  it('renders a few at once and lets the others in by arrival order as each one finishes', async () => {
    const server = await rig(2);
    const answers = ['/a', '/b', '/c', '/d'].map((path) => send(server.origin, path));
    await until(() => server.started.length === 2 && server.admit.waiting === 2);
    expect(server.started).toEqual(['GET /a', 'GET /b']);

    server.finish('/b');
    await until(() => server.started.length === 3);
    expect(server.started[2]).toBe('GET /c');
    server.finish('/a');
    await until(() => server.started.length === 4);
    expect(server.started[3]).toBe('GET /d');
    server.finish('/c');
    server.finish('/d');
    expect((await Promise.all(answers)).map((answer) => answer.body)).toEqual([
      'done /a',
      'done /b',
      'done /c',
      'done /d',
    ]);
    expect([server.admit.active, server.admit.waiting]).toEqual([0, 0]);
  });

  it('lets writes through at once: a request with a body never waits behind reads', async () => {
    const server = await rig(1);
    const read = send(server.origin, '/page');
    await until(() => server.started.length === 1);
    const write = send(server.origin, '/api/thing', 'POST');
    await until(() => server.started.length === 2);
    expect(server.started).toEqual(['GET /page', 'POST /api/thing']);
    server.finish('/api/thing');
    server.finish('/page');
    expect((await write).body).toBe('done /api/thing');
    expect((await read).body).toBe('done /page');
  });

  it('gives up the place of a visitor who leaves while waiting', async () => {
    const server = await rig(1);
    const first = send(server.origin, '/first');
    await until(() => server.started.length === 1);
    const leaving = new AbortController();
    const gone = send(server.origin, '/gone', 'GET', leaving.signal).catch(() => 'aborted');
    const next = send(server.origin, '/next');
    await until(() => server.admit.waiting === 2);
    leaving.abort();
    expect(await gone).toBe('aborted');
    await until(() => server.admit.waiting === 1);
    server.finish('/first');
    await until(() => server.started.length === 2);
    expect(server.started).toEqual(['GET /first', 'GET /next']);
    server.finish('/next');
    expect((await first).body).toBe('done /first');
    expect((await next).body).toBe('done /next');
  });

  it('turns requests away with a 503 and Retry-After once the queue is full, and serves the rest', async () => {
    const server = await rig(1, 1);
    const first = send(server.origin, '/first');
    await until(() => server.started.length === 1);
    const queued = send(server.origin, '/queued');
    await until(() => server.admit.waiting === 1);
    const refused = await send(server.origin, '/refused');
    expect(refused).toEqual({
      status: 503,
      body: 'The server is busy. Please try again in a moment.',
      retryAfter: '1',
    });
    server.finish('/first');
    await until(() => server.started.length === 2);
    server.finish('/queued');
    expect((await first).status).toBe(200);
    expect((await queued).body).toBe('done /queued');
    expect(server.started).toEqual(['GET /first', 'GET /queued']);
  });
});
