import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { startNodeServers, type NodeServers } from '../helpers/node-servers.ts';

/**
 * WEB_CONCURRENCY=2 on PostgreSQL: one port, two node servers behind it. Both serve, both
 * hear every purge, a server that dies is started again while the other keeps answering,
 * and a stop signal to the primary stops them all. Needs TEST_DATABASE_URL; no page is
 * opened.
 */

const PORT = 4503;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(!process.env.TEST_DATABASE_URL, 'needs a PostgreSQL server (TEST_DATABASE_URL)');

let deployment: NodeServers;

/** The node servers the primary runs (its child processes), from /proc. */
function serverPids(primary: number): number[] {
  const children = readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

/**
 * The status of a GET on a connection of its own. A kept-alive connection would stay with
 * the server that accepted it, and one to a killed server is reset, as it is for any client
 * that held it: what must hold is that new connections are answered.
 */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  deployment = await startNodeServers([PORT], { WEB_CONCURRENCY: '2' });
});
test.afterAll(async () => {
  await deployment?.stop();
});

/** The socket inode of the server's end of a local TCP connection (from /proc/net/tcp). */
function serverEndInode(socket: Socket): string | undefined {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const local = `0100007F:${hex(socket.remotePort!)}`;
  const remote = `0100007F:${hex(socket.localPort!)}`;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === local && fields[2] === remote) return fields[9];
  }
  return undefined;
}

/** Which of the servers holds the other end of `socket` (node:cluster hands each connection to one). */
function serverHolding(socket: Socket, servers: number[]): number | undefined {
  const inode = serverEndInode(socket);
  if (!inode) return undefined;
  return servers.find((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
        } catch {
          return false; // closed meanwhile
        }
      });
    } catch {
      return false;
    }
  });
}

interface Answer {
  status: number;
  body: string;
  /** The pid of the server that answered. */
  server: number | undefined;
  headers: http.IncomingHttpHeaders;
}

/**
 * One request, and which server answered it. Without an agent it goes on a connection of
 * its own (kept open until the server is known, then closed); with one, on that agent's
 * connection.
 */
function ask(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; agent?: http.Agent } = {},
): Promise<Answer> {
  const primary = deployment.servers[0]!;
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        headers: {
          connection: 'keep-alive',
          origin: primary.url,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (response) => {
        // Asked while the connection is surely open: the response has begun on it.
        const socket = response.socket;
        const server = serverHolding(socket, serverPids(primary.pid));
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          if (!options.agent) socket.destroy();
          resolve({ status: response.statusCode ?? 0, body, server, headers: response.headers });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** An agent whose one kept-alive connection is held by the server `pid`. */
async function connectionTo(pid: number): Promise<http.Agent> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { server } = await ask(`${deployment.servers[0]!.url}/api/health`, { agent });
    if (server === pid) return agent;
    agent.destroy();
  }
  throw new Error(`no connection reached server ${pid}`);
}

test('a list made private or deleted on either server is a 404 on both within a second', async () => {
  const [primary] = deployment.servers;
  const origin = primary!.url;
  await expect.poll(() => primary!.output(), { timeout: 60_000 }).toContain('[servers] 2 node servers listening');
  const servers = serverPids(primary!.pid);
  expect(servers).toHaveLength(2);

  // An Ad-Free member (custom lists) with two public lists. Without SMTP_URL no email goes
  // out, and there is no payment here: confirmed and subscribed in the database.
  const username = `purger_${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const password = 'Str0ng-Pass!';
  const signup = await ask(`${origin}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'x-supabase-api-version': '2024-01-01' },
    body: { email, password, data: { username, full_name: 'Purge Checker', bio: '' } },
  });
  expect(signup.status, signup.body).toBe(200);
  const db = new pg.Client({ connectionString: deployment.databaseUrl });
  await db.connect();
  await db.query('update auth.users set email_confirmed_at = now() where email = $1', [email]);
  await db.query(
    `insert into public.user_subscriptions (user_id, plan_id, status)
     select u.id, p.id, 'active' from auth.users u, public.subscription_plans p where u.email = $1 and p.name = 'ad_free'`,
    [email],
  );
  await db.end();
  const signIn = await ask(`${origin}/api/auth/sign-in`, { method: 'POST', body: { identifier: email, password } });
  expect(signIn.status, signIn.body).toBe(200);
  const cookie = (signIn.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
  const lists: { id: number; slug: string; title: string }[] = [];
  for (const title of ['Purged on the first server', 'Purged on the second server']) {
    const created = await ask(`${origin}/api/lists`, {
      method: 'POST',
      headers: { cookie },
      body: { title, visibility: 'public' },
    });
    expect(created.status, created.body).toBe(201);
    lists.push((JSON.parse(created.body) as { list: { id: number; slug: string; title: string } }).list);
  }

  // Each write goes to a different server (one of them runs the jobs): each purge must reach the other.
  const writes = [
    { list: lists[0]!, on: servers[0]!, change: { method: 'PATCH', body: { visibility: 'private' } } },
    { list: lists[1]!, on: servers[1]!, change: { method: 'DELETE', body: undefined } },
  ];
  for (const { list, on, change } of writes) {
    const page = `${origin}/${username}/lists/${list.slug}`;
    // Both servers answer the page from their route cache.
    const cached = new Set<number>();
    await expect
      .poll(
        async () => {
          const answer = await ask(page);
          expect(answer.status).toBe(200);
          expect(answer.body).toContain(list.title);
          if (answer.headers['x-astro-cache'] === 'HIT' && answer.server !== undefined) cached.add(answer.server);
          return servers.filter((server) => cached.has(server)).length;
        },
        { timeout: 30_000 },
      )
      .toBe(2);

    const agent = await connectionTo(on);
    const write = await ask(`${origin}/api/lists/${list.id}`, {
      method: change.method,
      headers: { cookie },
      body: change.body,
      agent,
    });
    agent.destroy();
    expect(write.status, write.body).toBe(200);
    expect(write.server).toBe(on);

    // New connections until each server has answered a 404, within a second of the write.
    const deadline = Date.now() + 1_000;
    const last = new Map<number, Answer>();
    while (Date.now() < deadline && !servers.every((server) => last.get(server)?.status === 404)) {
      const answer = await ask(page);
      if (answer.server !== undefined) last.set(answer.server, answer);
    }
    for (const server of servers) {
      expect(last.get(server)?.status, `server ${server} after ${change.method} on server ${on}`).toBe(404);
      expect(last.get(server)?.body).not.toContain(list.title);
    }
  }
});

test('two servers share the port, a dead one is started again, and a stop signal stops both', async () => {
  const [primary] = deployment.servers;
  await expect.poll(() => primary!.output(), { timeout: 60_000 }).toContain('[servers] 2 node servers listening');
  const first = serverPids(primary!.pid);
  expect(first).toHaveLength(2);

  // Pages and the API answer on the one port.
  for (const path of ['/', '/api/health', '/lists']) expect(await statusOf(`${primary!.url}${path}`), path).toBe(200);

  // One server dies. Once the primary has seen it (until then it may still hand it a
  // connection, which is reset), the other answers while a new one starts in its place.
  process.kill(first[0]!, 'SIGKILL');
  await expect
    .poll(() => primary!.output(), { timeout: 60_000 })
    .toContain('[servers] server 1 exited (signal SIGKILL): starting it again');
  expect(await statusOf(`${primary!.url}/api/health`)).toBe(200);
  await expect
    .poll(() => serverPids(primary!.pid).filter((pid) => pid !== first[0]).length, { timeout: 60_000 })
    .toBe(2);
  expect(await statusOf(`${primary!.url}/api/health`)).toBe(200);

  // SIGTERM to the primary stops every server, then the primary.
  const servers = serverPids(primary!.pid);
  await deployment.stop();
  for (const pid of [primary!.pid, ...servers]) expect(alive(pid), `process ${pid}`).toBe(false);
});
