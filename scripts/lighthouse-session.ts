// For scripts/lighthouse.ts: a demo account's session in the browser Lighthouse drives, and
// the sample pages that need an account (a public list). The session is the one the site's
// own sign-in sets: its cookies go into Chrome's cookie jar over the DevTools protocol, so
// the page and its scripts see exactly what a signed-in visitor's browser holds.
import { once } from 'node:events';
import WebSocket from 'ws';

export interface SessionCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

const SAME_SITE: Partial<Record<string, NonNullable<SessionCookie['sameSite']>>> = {
  strict: 'Strict',
  lax: 'Lax',
  none: 'None',
};

/** The cookies of a `Set-Cookie` list, as the browser would keep them. */
export function parseSetCookies(headers: readonly string[]): SessionCookie[] {
  return headers.map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const named = (key: string) => attributes.find((attribute) => attribute.toLowerCase().startsWith(key));
    const sameSite = SAME_SITE[named('samesite=')?.split('=')[1]?.toLowerCase() ?? ''];
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      path: named('path=')?.split('=')[1] ?? '/',
      httpOnly: attributes.some((attribute) => attribute.toLowerCase() === 'httponly'),
      ...(sameSite ? { sameSite } : {}),
    };
  });
}

/** Signs `identifier` in through the site's API; the session cookies it sets. */
export async function signIn(base: string, identifier: string, password: string): Promise<SessionCookie[]> {
  const response = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ identifier, password }),
  });
  if (!response.ok) throw new Error(`signing ${identifier} in answered ${response.status}: ${await response.text()}`);
  return parseSetCookies(response.headers.getSetCookie()).filter((cookie) => cookie.value !== '');
}

/** The `Cookie` header that sends `cookies`. */
export const cookieHeader = (cookies: readonly SessionCookie[]) =>
  cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

/** Sends one DevTools protocol command to the browser listening on `port`. */
async function browserCommand(port: number, method: string, params: object): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await once(socket, 'open');
  try {
    socket.send(JSON.stringify({ id: 1, method, params }));
    const [data] = (await once(socket, 'message')) as [WebSocket.RawData];
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(new Uint8Array(data));
    const text = bytes.toString('utf8');
    const reply = JSON.parse(text) as { error?: { message: string } };
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
  } finally {
    socket.close();
  }
}

/** Puts `cookies` for `base` into the cookie jar of the browser on `port`. */
export const setBrowserCookies = (port: number, base: string, cookies: readonly SessionCookie[]) =>
  browserCommand(port, 'Storage.setCookies', { cookies: cookies.map((cookie) => ({ ...cookie, url: base })) });

/** Empties the cookie jar of the browser on `port`. */
export const clearBrowserCookies = (port: number) => browserCommand(port, 'Storage.clearCookies', {});

/**
 * A public list with games in it: the first one /lists shows, or, on a demo without lists,
 * one made for the signed-in account `owner` (whose plan must allow lists) from the first games.
 */
export async function sampleList(base: string, owner: string, cookies: readonly SessionCookie[]): Promise<string> {
  const shown = /href="(\/(?!dashboard\/)[\w-]+\/lists\/[\w-]+)"/.exec(
    await (await fetch(`${base}/lists`)).text(),
  )?.[1];
  if (shown) return shown;
  const headers = { 'content-type': 'application/json', origin: base, cookie: cookieHeader(cookies) };
  const made = await fetch(`${base}/api/lists`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'Games to start with', visibility: 'public' }),
  });
  if (made.status !== 201) throw new Error(`making a list answered ${made.status}: ${await made.text()}`);
  const { list } = (await made.json()) as { list: { id: number; slug: string } };
  for (let gameId = 1; gameId <= 8; gameId += 1) {
    const added = await fetch(`${base}/api/lists/${list.id}/entries`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ gameId }),
    });
    if (!added.ok) throw new Error(`adding game ${gameId} answered ${added.status}: ${await added.text()}`);
  }
  return `/${owner}/lists/${list.slug}`;
}
