import { readFileSync } from 'node:fs';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { startNodeServers, type NodeServers } from '../helpers/node-servers.ts';

/**
 * WEB_CONCURRENCY=2 on PostgreSQL: one port, two node servers behind it. Both serve, a server
 * that dies is started again while the other keeps answering, and a stop signal to the
 * primary stops them all. Needs TEST_DATABASE_URL; no page is opened.
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
  await expect.poll(() => primary!.output(), { timeout: 60_000 }).toContain('[servers] server 1 exited (signal SIGKILL): starting it again');
  expect(await statusOf(`${primary!.url}/api/health`)).toBe(200);
  await expect.poll(() => serverPids(primary!.pid).filter((pid) => pid !== first[0]).length, { timeout: 60_000 }).toBe(2);
  expect(await statusOf(`${primary!.url}/api/health`)).toBe(200);

  // SIGTERM to the primary stops every server, then the primary.
  const servers = serverPids(primary!.pid);
  await deployment.stop();
  for (const pid of [primary!.pid, ...servers]) expect(alive(pid), `process ${pid}`).toBe(false);
});
