// The writes of `npm run bench`, sent over HTTP as the site's islands send them, one after
// another (1 connection), each timed from request to response. A write that is refused
// counts as an error and is reported, never retried.
import WebSocket from 'ws';
import { BROWSER_ENCODING } from './load.ts';
import { summarise, type Summary } from './stats.ts';

export interface WriteResult extends Summary {
  errors: number;
  /** The first refusal, to show in the report when a write could not be measured. */
  firstError: string | null;
}

export class Client {
  readonly origin: string;
  cookie = '';

  constructor(origin: string) {
    this.origin = origin;
  }

  async send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { origin: this.origin, 'accept-encoding': BROWSER_ENCODING };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(this.origin + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
  }

  /** Signs in through the site's own form endpoint and keeps the session cookies it sets. */
  async signIn(email: string, password: string): Promise<void> {
    const response = await this.send('POST', '/api/auth/sign-in', { identifier: email, password });
    if (!response.ok)
      throw new Error(`sign-in as ${email} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    await response.arrayBuffer();
    this.cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .filter((pair) => !pair.endsWith('='))
      .join('; ');
  }
}

/** Runs `count` writes made by `request(i)`, timing each; a status other than 2xx is an error. */
export async function timeWrites(count: number, request: (i: number) => Promise<Response>): Promise<WriteResult> {
  const samples: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    let response: Response;
    try {
      response = await request(i);
      const text = await response.text();
      if (response.status >= 300) {
        errors += 1;
        firstError ??= `${response.status} ${text.slice(0, 160)}`;
        continue;
      }
    } catch (error) {
      errors += 1;
      firstError ??= (error as Error).message;
      continue;
    }
    samples.push(performance.now() - started);
  }
  return { ...summarise(samples), errors, firstError };
}

export interface Delivery extends Summary {
  sockets: number;
  delivered: number;
}

/**
 * Opens one realtime socket per access token (each joined to its user's private channel),
 * then runs `act` and waits until every socket has had a notification or `timeoutMs` passed.
 * Latency is from the start of `act` to each socket's first notification.
 */
export async function measureDelivery(
  origin: string,
  sessions: { userId: string; accessToken: string }[],
  act: () => Promise<void>,
  timeoutMs = 15_000,
): Promise<Delivery> {
  const url = `${origin.replace(/^http/, 'ws')}/realtime/v1/websocket?vsn=2.0.0`;
  const sockets: WebSocket[] = [];
  const joined = await Promise.all(
    sessions.map(
      (session, index) =>
        new Promise<boolean>((resolve) => {
          const socket = new WebSocket(url);
          sockets.push(socket);
          const topic = `realtime:user:${session.userId}`;
          const timer = setTimeout(() => resolve(false), 30_000);
          socket.on('open', () =>
            socket.send(
              JSON.stringify([
                String(index),
                String(index),
                topic,
                'phx_join',
                { access_token: session.accessToken, config: { private: true } },
              ]),
            ),
          );
          socket.on('message', (data) => {
            const [, , , event, payload] = JSON.parse((data as Buffer).toString()) as [
              unknown,
              unknown,
              string,
              string,
              { status?: string },
            ];
            if (event === 'phx_reply') {
              clearTimeout(timer);
              resolve(payload.status === 'ok');
            }
          });
          socket.on('error', () => resolve(false));
        }),
    ),
  );
  const open = sockets.filter((_, i) => joined[i]);
  const latencies: number[] = [];
  let started = 0;
  const all = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    for (const socket of open) {
      let seen = false;
      socket.on('message', (data) => {
        const event = (JSON.parse((data as Buffer).toString()) as unknown[])[3];
        if (event !== 'broadcast' || seen || started === 0) return;
        seen = true;
        latencies.push(performance.now() - started);
        if (latencies.length === open.length) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
  });
  try {
    started = performance.now();
    await act();
    await all;
  } finally {
    for (const socket of sockets) socket.terminate();
  }
  return { ...summarise(latencies), sockets: open.length, delivered: latencies.length };
}
